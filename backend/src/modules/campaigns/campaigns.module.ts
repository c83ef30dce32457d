import { ContactMergeHooks } from '../contacts/contact-merge-hooks.js';
import { Module } from '@nestjs/common';
import { configSectionProvider } from '../../platform/config/config.module.js';
import { ContactsModule } from '../contacts/contacts.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { campaignConfig } from './campaign-options.js';
import { CampaignProgress } from './campaign-progress.js';
import { CampaignReplies } from './campaign-replies.js';
import { CampaignReport } from './campaign-report.js';
import { CampaignSender } from './campaign-sender.js';
import { CampaignStarter } from './campaign-starter.js';
import { CampaignsController } from './campaigns.controller.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { SendingSettingsController } from './sending-settings.controller.js';
import { SendingSettingsRepository } from './sending-settings.repository.js';
import { SendingSettingsService } from './sending-settings.service.js';

/**
 * Campaigns (one message to many contacts), Settings → Sending (the company's pace of automated
 * messages) and recognising opt-out replies. Sends through the messenger's one send path, paced
 * and exactly once per recipient (campaign-sender.ts).
 */
@Module({
  imports: [ContactsModule, MessagesModule],
  controllers: [CampaignsController, SendingSettingsController],
  providers: [
    configSectionProvider(campaignConfig),
    CampaignsRepository,
    SendingSettingsRepository,
    SendingSettingsService,
    CampaignStarter,
    CampaignProgress,
    CampaignSender,
    CampaignReplies,
    CampaignReport,
    CampaignsService,
  ],
  exports: [SendingSettingsService, CampaignSender],
})
export class CampaignsModule {
  constructor(hooks: ContactMergeHooks, repo: CampaignsRepository) {
    hooks.register((tx, tenantId, fromId, intoId) => repo.moveToContact(tx, tenantId, fromId, intoId));
  }
}
