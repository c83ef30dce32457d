import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { PresenceService } from './presence.service.js';
import { TeamUsersController } from './team-users.controller.js';
import { TeamUsersService } from './team-users.service.js';

/** Team Users (admins): managing the company's users, which needs both the users and the auth module. */
@Module({
  imports: [UsersModule, AuthModule],
  controllers: [TeamUsersController],
  providers: [TeamUsersService, PresenceService],
  exports: [PresenceService],
})
export class TeamModule {}
