import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { ShippingModule } from '../shipping/shipping.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { ChatsModule } from '../chats/chats.module.js';
import { UsersModule } from '../users/users.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { ContactCreation } from './contact-creation.service.js';
import { ContactResolver } from './contact-resolver.js';
import { ContactsImportService } from './contacts-import.service.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { ContactsWorkerPool } from './contacts-worker.pool.js';
import { LeadsController } from './leads.controller.js';
import { LeadAssignmentNotices } from './lead-assignment-notices.js';

@Module({
  imports: [UsersModule, TenantsModule, ProductsModule, ShippingModule, ChatsModule, NotificationsModule],
  controllers: [ContactsController, LeadsController],
  providers: [ContactsRepository, ContactsService, ContactsImportService, ContactsWorkerPool, ContactCreation, ContactResolver, LeadAssignmentNotices],
  // ContactCreation is the one way to create a contact; ContactResolver finds (or creates) the
  // contact of a WhatsApp sender for the inbound messages; ContactsWorkerPool writes the report export
  exports: [ContactsRepository, ContactsService, ContactCreation, ContactResolver, ContactsWorkerPool],
})
export class ContactsModule {}
