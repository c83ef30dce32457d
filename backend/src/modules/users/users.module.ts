import { Module } from '@nestjs/common';
import { PRESENCE_RECORDER } from '../../platform/realtime/presence-recorder.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, { provide: PRESENCE_RECORDER, useExisting: UsersService }],
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}
