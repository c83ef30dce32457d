import { Module } from '@nestjs/common';
import { ChatsModule } from '../chats/chats.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { ChatHandOverService } from './chat-hand-over.service.js';
import { ChatNotesController } from './chat-notes.controller.js';
import { ChatNotesService } from './chat-notes.service.js';
import { HandOverMessage } from './hand-over-message.js';
import { InboundMessagesService } from './inbound-messages.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessageSearchRepository } from './message-search.repository.js';
import { MessageSearchService } from './message-search.service.js';
import { CloudReadReceipts } from './cloud-read-receipts.js';
import { MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { OutboundContent } from './outbound-content.js';
import { OutboundInFlight } from './outbound-in-flight.js';
import { OutboundMessagesService } from './outbound-messages.service.js';
import { OutboundPacer } from './outbound-pacer.js';
import { OutboundRecovery } from './outbound-recovery.js';
import { OutboundSignals } from './outbound-signals.js';
import { PendingAcks } from './pending-acks.js';
import { ResumeUnclaimed } from './resume-unclaimed.js';
import { SendMessage } from './send-message.js';
import { ReplyWindows } from './reply-window.js';
import { TemplateMessages } from './template-message.js';
import { AutomatedWindow } from './window-delivery.js';
import { WhatsAppCloudModule } from '../whatsapp-cloud/whatsapp-cloud.module.js';

/**
 * Messages: the send path (OutboundMessagesService, exported for follow-up sequences; its parts are listed there), the inbound path
 * (the WhatsApp event sink), and the messenger's HTTP API. WhatsAppModule (global) provides the
 * sessions, options and MessengerEvents.
 */
@Module({
  imports: [ChatsModule, ContactsModule, NotificationsModule, UsersModule, WhatsAppCloudModule],
  controllers: [MessagesController, ChatNotesController],
  providers: [
    CloudReadReceipts,
    MessagesRepository,
    MessagesService,
    ChatNotesService,
    ChatHandOverService,
    MessageSearchService,
    MessageSearchRepository,
    OutboundMessagesService,
    SendMessage,
    HandOverMessage,
    OutboundContent,
    OutboundSignals,
    OutboundInFlight,
    ResumeUnclaimed,
    OutboundRecovery,
    OutboundPacer,
    InboundMessagesService,
    MessageBroadcaster,
    PendingAcks,
    ReplyWindows,
    TemplateMessages,
    AutomatedWindow,
  ],
  exports: [InboundMessagesService, OutboundMessagesService, MessagesService, ReplyWindows, TemplateMessages, ChatNotesService, AutomatedWindow],
})
export class MessagesModule {}
