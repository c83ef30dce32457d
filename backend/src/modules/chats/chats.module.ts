import { Module } from '@nestjs/common';
import { ChatsController } from './chats.controller.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';
import { ContactResolver } from './contact-resolver.js';

@Module({
  controllers: [ChatsController],
  providers: [ChatsRepository, ChatsService, ContactResolver],
  exports: [ChatsRepository, ChatsService, ContactResolver],
})
export class ChatsModule {}
