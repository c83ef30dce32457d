import { Controller, Get } from '@nestjs/common';
import { userSummarySchema, usersQuerySchema, type UsersQuery } from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidQuery } from '../../platform/http/route-docs.js';
import { UsersService } from './users.service.js';

@Controller('auth/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiDoc({ summary: "The company's users, optionally only one role", response: z.array(userSummarySchema) })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(usersQuerySchema) query: UsersQuery) {
    return this.users.list(actor, query);
  }
}
