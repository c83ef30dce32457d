import { Module } from '@nestjs/common';
import { ChatsModule } from '../chats/chats.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { InboundMessages } from './inbound-messages.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { OutboundMessages } from './outbound-messages.service.js';
import { OutboundPacer } from './outbound-pacer.js';
import { PendingAcks } from './pending-acks.js';

/**
 * Messages: the send path (OutboundMessages, exported for follow-up sequences), the inbound path
 * (the WhatsApp event sink), and the messenger's HTTP API. WhatsAppModule (global) provides the
 * sessions, options and MessengerEvents.
 */
@Module({
  imports: [ChatsModule, ContactsModule],
  controllers: [MessagesController],
  providers: [MessagesRepository, MessagesService, OutboundMessages, OutboundPacer, InboundMessages, MessageBroadcaster, PendingAcks],
  exports: [OutboundMessages, MessagesService],
})
export class MessagesModule {}
