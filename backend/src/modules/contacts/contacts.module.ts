import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module.js';
import { ShippingModule } from '../shipping/shipping.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { LabelsModule } from '../labels/labels.module.js';
import { ContactLabellingService } from './contact-labelling.service.js';
import { ContactLabelsController } from './contact-labels.controller.js';
import { ContactCreationService } from './contact-creation.service.js';
import { ContactListsService } from './contact-lists.service.js';
import { ContactExportRepository } from './contact-export.repository.js';
import { ContactQueriesRepository } from './contact-queries.repository.js';
import { ContactWordSearchRepository } from './contact-word-search.repository.js';
import { ContactLexiconRepository } from './contact-lexicon.repository.js';
import { ContactLexiconPruner } from './contact-lexicon-pruner.js';
import { ContactMergeHooks } from './contact-merge-hooks.js';
import { DealWonHooks } from './deal-won-hooks.js';
import { ContactMergesRepository } from './contact-merges.repository.js';
import { ContactProfiles } from './contact-profiles.js';
import { ContactResolver } from './contact-resolver.js';
import { ContactsImportService } from './contacts-import.service.js';
import { ContactImportsRepository } from './contact-imports.repository.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsRepository } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { ContactsWorkerPool } from './contacts-worker.pool.js';
import { DealLines } from './deal-lines.js';
import { DealLinesRepository } from './deal-lines.repository.js';
import { DealOverviewsService } from './deal-overviews.service.js';
import { DealUpdates } from './deal-updates.js';
import { ProductBuyersController } from './product-buyers.controller.js';
import { ShipmentStatsController } from './shipment-stats.controller.js';
import { LeadsController } from './leads.controller.js';
import { LeadAssignmentNotices } from './lead-assignment-notices.js';
import { LeadAssignmentService } from './lead-assignment.service.js';
import { PipelineHistoryRepository } from './pipeline-history.repository.js';
import { ShippingHistoryRepository } from './shipping-history.repository.js';
import { ContactHandOverService } from './contact-hand-over.service.js';
import { ContactHandOversRepository } from './contact-hand-overs.repository.js';
import { ContactAudiences } from './contact-audiences.js';
import { ContactOptOutsController } from './contact-opt-outs.controller.js';
import { ContactOptOutsRepository } from './contact-opt-outs.repository.js';
import { ContactOptOutsService } from './contact-opt-outs.service.js';

@Module({
  imports: [UsersModule, TenantsModule, ProductsModule, ShippingModule, NotificationsModule, LabelsModule],
  controllers: [ContactOptOutsController, ContactLabelsController, ContactsController, LeadsController, ProductBuyersController, ShipmentStatsController],
  providers: [
    ContactAudiences,
    ContactOptOutsRepository,
    ContactOptOutsService,
    ContactsRepository,
    ContactLabellingService,
    ContactQueriesRepository,
    ContactWordSearchRepository,
    ContactLexiconRepository,
    ContactLexiconPruner,
    ContactExportRepository,
    DealLinesRepository,
    ContactImportsRepository,
    ContactsService,
    ContactProfiles,
    DealUpdates,
    LeadAssignmentService,
    ContactListsService,
    DealLines,
    DealOverviewsService,
    ContactsImportService,
    ContactsWorkerPool,
    ContactCreationService,
    ContactResolver,
    ContactMergesRepository,
    ContactMergeHooks,
    DealWonHooks,
    LeadAssignmentNotices,
    PipelineHistoryRepository,
    ShippingHistoryRepository,
    ContactHandOverService,
    ContactHandOversRepository,
  ],
  // ContactAudiences and ContactOptOutsService serve the campaigns;
  // ContactCreationService is the one way to create a contact; ContactResolver finds (or creates) the
  // contact of a WhatsApp sender for the inbound messages; ContactsWorkerPool writes the report export;
  // DealWonHooks run the order confirmations' part of a won move in its transaction;
  // ContactHandOverService hands a chat over from the messenger (which adds its note);
  // DealLinesRepository writes the demo's deals; PipelineHistoryRepository is read by the board and the reports
  exports: [
    ContactHandOverService,
    ContactAudiences,
    ContactOptOutsService,
    ContactsRepository,
    ContactQueriesRepository,
    DealLinesRepository,
    PipelineHistoryRepository,
    ContactsService,
    ContactCreationService,
    ContactResolver,
    ContactMergeHooks,
    DealWonHooks,
    ContactsWorkerPool,
  ],
})
export class ContactsModule {}
