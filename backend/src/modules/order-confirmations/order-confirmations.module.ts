import { ContactMergeHooks } from '../contacts/contact-merge-hooks.js';
import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { WhatsAppCloudModule } from '../whatsapp-cloud/whatsapp-cloud.module.js';
import { OrderConfirmationFlow } from './order-confirmation-flow.js';
import { OrderConfirmationSettingsService } from './order-confirmation-settings.service.js';
import { ContactOrderConfirmationController } from './contact-order-confirmation.controller.js';
import { OrderConfirmationSettingsController } from './order-confirmation-settings.controller.js';
import { OrderConfirmationsRepository } from './order-confirmations.repository.js';
import { OrderConfirmationsService } from './order-confirmations.service.js';

/**
 * Cash-on-delivery confirmation: a won deal's contact is asked to confirm the order by WhatsApp,
 * and their answer sets the shipping status (order-confirmation-flow.ts).
 */
@Module({
  imports: [ContactsModule, MessagesModule, NotificationsModule, WhatsAppCloudModule],
  controllers: [OrderConfirmationSettingsController, ContactOrderConfirmationController],
  providers: [OrderConfirmationsRepository, OrderConfirmationSettingsService, OrderConfirmationsService, OrderConfirmationFlow],
})
export class OrderConfirmationsModule {
  constructor(hooks: ContactMergeHooks, repo: OrderConfirmationsRepository) {
    hooks.register((tx, tenantId, fromId, intoId) => repo.moveToContact(tx, tenantId, fromId, intoId));
  }
}
