import { Module } from '@nestjs/common';
import { ChatsController } from './chats.controller.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';

@Module({
  controllers: [ChatsController],
  providers: [ChatsRepository, ChatsService],
  exports: [ChatsRepository, ChatsService],
})
export class ChatsModule {}
