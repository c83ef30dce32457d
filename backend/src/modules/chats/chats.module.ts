import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { ChatsController } from './chats.controller.js';
import { ChatsRepository } from './chats.repository.js';
import { ChatsService } from './chats.service.js';

@Module({
  imports: [ContactsModule],
  controllers: [ChatsController],
  providers: [ChatsRepository, ChatsService],
  exports: [ChatsRepository, ChatsService],
})
export class ChatsModule {}
