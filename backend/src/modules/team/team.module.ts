import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SuperAuditModule } from '../super-audit/super-audit.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { CompanyCreationService } from './company-creation.service.js';
import { PresenceService } from './presence.service.js';
import { SuperCompanyCreationController } from './super-company-creation.controller.js';
import { SuperUsersController } from './super-users.controller.js';
import { SuperUsersService } from './super-users.service.js';
import { TeamUsersController } from './team-users.controller.js';
import { TeamUsersService } from './team-users.service.js';

/**
 * Team Users (admins) and the super administrator's Manage Users: managing a company's users, which
 * needs both the users and the auth module, under one set of rules (user-change-rules.ts); and a new
 * company with its first admin (CompanyCreationService).
 */
@Module({
  imports: [UsersModule, AuthModule, TenantsModule, SuperAuditModule],
  controllers: [TeamUsersController, SuperUsersController, SuperCompanyCreationController],
  providers: [TeamUsersService, SuperUsersService, PresenceService, CompanyCreationService],
  exports: [PresenceService],
})
export class TeamModule {}
