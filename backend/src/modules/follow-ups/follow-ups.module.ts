import { ContactMergeHooks } from '../contacts/contact-merge-hooks.js';
import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../platform/config/config.js';
import { ChatsModule } from '../chats/chats.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { FollowUpRunsController } from './follow-up-runs.controller.js';
import { FollowUpScheduler } from './follow-up-scheduler.js';
import { FollowUpTemplatesController } from './follow-up-templates.controller.js';
import { FollowUpTemplatesRepository } from './follow-up-templates.repository.js';
import { FollowUpTemplatesService } from './follow-up-templates.service.js';
import { FollowUpTime } from './follow-up-time.js';
import { FollowUpWindow } from './follow-up-window.js';
import { followUpConfig } from './follow-up-options.js';
import { configSectionProvider } from '../../platform/config/config.module.js';
import { FollowUpsDevController } from './follow-ups-dev.controller.js';
import { FollowUpsRepository } from './follow-ups.repository.js';
import { FollowUpsService } from './follow-ups.service.js';

/**
 * Follow-up templates and sequences: the templates API, starting/stopping a contact's sequence,
 * and the durable scheduler (pg-boss jobs + a catch-up sweep, see follow-up-scheduler.ts) that sends
 * the steps through the messenger's send path. The demo clock hook exists only with the simulator.
 */
@Module({})
export class FollowUpsModule {
  constructor(hooks: ContactMergeHooks, repo: FollowUpsRepository) {
    hooks.register((tx, tenantId, fromId, intoId) => repo.moveToContact(tx, tenantId, fromId, intoId));
  }

  static forRoot(config: AppConfig): DynamicModule {
    const simulator = config.whatsappDriver === 'simulator';
    return {
      module: FollowUpsModule,
      imports: [ChatsModule, ContactsModule, MessagesModule],
      controllers: [FollowUpTemplatesController, FollowUpRunsController, ...(simulator ? [FollowUpsDevController] : [])],
      providers: [configSectionProvider(followUpConfig), FollowUpTime, FollowUpsRepository, FollowUpTemplatesRepository, FollowUpTemplatesService, FollowUpsService, FollowUpScheduler, FollowUpWindow],
      exports: [FollowUpsService, FollowUpScheduler, FollowUpTime],
    };
  }
}
