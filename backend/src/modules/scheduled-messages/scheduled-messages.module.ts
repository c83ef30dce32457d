import { ContactsModule } from '../contacts/contacts.module.js';
import { ContactMergeHooks } from '../contacts/contact-merge-hooks.js';
import { Module } from '@nestjs/common';
import { configSectionProvider } from '../../platform/config/config.module.js';
import { CampaignsModule } from '../campaigns/campaigns.module.js';
import { ChatsModule } from '../chats/chats.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { ScheduledMessageBroadcaster } from './scheduled-message-broadcaster.js';
import { scheduledMessageConfig } from './scheduled-message-options.js';
import { ScheduledMessageSender } from './scheduled-message-sender.js';
import { ScheduledMessagesController } from './scheduled-messages.controller.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';
import { ScheduledMessagesService } from './scheduled-messages.service.js';

/** Messages scheduled in a chat ("Send later"), sent once at their time through the messenger's one send path. */
@Module({
  imports: [ChatsModule, ContactsModule, MessagesModule, CampaignsModule],
  controllers: [ScheduledMessagesController],
  providers: [configSectionProvider(scheduledMessageConfig), ScheduledMessagesRepository, ScheduledMessagesService, ScheduledMessageSender, ScheduledMessageBroadcaster],
})
export class ScheduledMessagesModule {
  constructor(hooks: ContactMergeHooks, repo: ScheduledMessagesRepository) {
    hooks.register((tx, tenantId, fromId, intoId) => repo.moveToContact(tx, tenantId, fromId, intoId));
  }
}
