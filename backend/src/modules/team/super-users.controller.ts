import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import {
  createSuperUserSchema,
  idParamSchema,
  messageResultSchema,
  superUserListSchema,
  superUserSchema,
  superUsersQuerySchema,
  updateSuperUserSchema,
  userSessionSchema,
  type CreateSuperUserRequest,
  type SuperUsersQuery,
  type UpdateSuperUserRequest,
} from '@crm/common';
import { z } from 'zod';
import type { SuperActor } from '../../platform/auth/actor.js';
import { CurrentSuperAdmin, SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { SuperUsersService } from './super-users.service.js';

@Controller('super/users')
@SuperRoute()
export class SuperUsersController {
  constructor(private readonly users: SuperUsersService) {}

  @Get()
  @ApiDoc({ summary: 'Users of every company with their company, by name, paged; q matches name or email', response: superUserListSchema })
  list(@ValidQuery(superUsersQuerySchema) query: SuperUsersQuery) {
    return this.users.list(query);
  }

  @Post()
  @ApiDoc({ summary: 'Add a user to a company (role sales unless said otherwise), active; audited', response: superUserSchema })
  create(@CurrentSuperAdmin() actor: SuperActor, @ValidBody(createSuperUserSchema) body: CreateSuperUserRequest) {
    return this.users.create(actor, body);
  }

  @Patch(':id')
  @ApiDoc({
    summary: "Change any user: name, email, role, isActive, password (blank keeps it). Deactivating, a new role or password ends the user's sessions; audited",
    response: superUserSchema,
  })
  update(@CurrentSuperAdmin() actor: SuperActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateSuperUserSchema) body: UpdateSuperUserRequest) {
    return this.users.update(actor, params.id, body);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete a user for good: their sessions end, their leads and tasks become unassigned; audited', response: messageResultSchema })
  remove(@CurrentSuperAdmin() actor: SuperActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.users.remove(actor, params.id);
  }

  @Get(':id/sessions')
  @ApiDoc({ summary: "A user's sign-ins, newest first: logoutTime null = still active, duration in seconds", response: z.array(userSessionSchema) })
  sessions(@ValidParams(idParamSchema) params: { id: string }) {
    return this.users.listSessions(params.id);
  }
}
