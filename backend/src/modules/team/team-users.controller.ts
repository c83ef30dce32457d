import { Controller, Get, Post, Put } from '@nestjs/common';
import { createUserSchema, idParamSchema, teamUserSchema, updateUserSchema, userSessionSchema, type CreateUserRequest, type UpdateUserRequest } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { TeamUsersService } from './team-users.service.js';

@Controller('users')
@RequirePermission('team.manage')
export class TeamUsersController {
  constructor(private readonly team: TeamUsersService) {}

  @Get()
  @ApiDoc({ summary: "The company's users with their presence (admins)", response: z.array(teamUserSchema) })
  list(@CurrentUser() actor: TenantActor) {
    return this.team.list(actor);
  }

  @Post()
  @ApiDoc({ summary: 'Add a user to the company (admins); sales unless said otherwise, active', response: teamUserSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createUserSchema) body: CreateUserRequest) {
    return this.team.create(actor, body);
  }

  @Put(':id')
  @ApiDoc({
    summary: "Change a user (admins): name, email, role, isActive, password (blank keeps it). Deactivating, a new role or password ends the user's sessions",
    response: teamUserSchema,
  })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateUserSchema) body: UpdateUserRequest) {
    return this.team.update(actor, params.id, body);
  }

  @Get(':id/sessions')
  @ApiDoc({ summary: "A user's sign-ins, newest first (admins): logoutTime null = still active, duration in seconds", response: z.array(userSessionSchema) })
  sessions(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.team.listSessions(actor, params.id);
  }
}
