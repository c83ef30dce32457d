import { Module } from '@nestjs/common';
import { configSectionProvider } from '../../platform/config/config.module.js';
import { SecretsModule } from '../../platform/secrets/secrets.module.js';
import { WHATSAPP_CLOUD_OPTIONS, whatsAppCloudConfig, type WhatsAppCloudOptions } from './cloud-options.js';
import { CloudConnectionOutcomes } from './cloud-connection-outcomes.js';
import { CloudDriverRegistration } from './cloud-driver-registration.js';
import { CloudMediaDownloads } from './cloud-media-downloads.js';
import { CloudCredentialsCache } from './cloud-credentials-cache.js';
import { CloudWebhookIntake } from './cloud-webhook-intake.js';
import { CloudWebhookProcessor } from './cloud-webhook-processor.js';
import { CloudWebhookRoute } from './cloud-webhook-route.js';
import { CloudWebhooksController } from './cloud-webhooks.controller.js';
import { CloudWebhooksService } from './cloud-webhooks.service.js';
import { GraphApi } from './graph-api.js';
import { WhatsAppCloudController } from './whatsapp-cloud.controller.js';
import { WhatsAppCloudRepository } from './whatsapp-cloud.repository.js';
import { WhatsAppCloudService } from './whatsapp-cloud.service.js';
import { WhatsAppTemplatesSyncJob } from './whatsapp-templates-sync.job.js';
import { WhatsAppTemplatesController } from './whatsapp-templates.controller.js';
import { WhatsAppTemplatesRepository } from './whatsapp-templates.repository.js';
import { WhatsAppTemplatesService } from './whatsapp-templates.service.js';

/**
 * Meta's official WhatsApp Business Cloud API as a company's connection: its settings (secrets
 * sealed at rest), "Test connection", and the webhooks, whose messages and statuses enter through
 * the same event sink as the QR drivers' (WhatsAppModule, global, gives the sessions). A company
 * with settings runs its session on the Cloud API driver (CloudDriverRegistration). Its message
 * templates are synced from Meta (WhatsAppTemplatesService, every few hours and on demand).
 */
@Module({
  imports: [SecretsModule],
  controllers: [WhatsAppCloudController, WhatsAppTemplatesController, CloudWebhooksController],
  providers: [
    configSectionProvider(whatsAppCloudConfig),
    { provide: GraphApi, inject: [WHATSAPP_CLOUD_OPTIONS], useFactory: (o: WhatsAppCloudOptions) => new GraphApi(o.graphUrl, o.graphTimeoutMs) },
    WhatsAppCloudRepository,
    WhatsAppCloudService,
    CloudWebhooksService,
    CloudWebhookRoute,
    CloudWebhookProcessor,
    CloudCredentialsCache,
    CloudWebhookIntake,
    CloudMediaDownloads,
    CloudConnectionOutcomes,
    CloudDriverRegistration,
    WhatsAppTemplatesRepository,
    WhatsAppTemplatesService,
    WhatsAppTemplatesSyncJob,
  ],
  exports: [WhatsAppCloudService, WhatsAppTemplatesService, GraphApi],
})
export class WhatsAppCloudModule {}
