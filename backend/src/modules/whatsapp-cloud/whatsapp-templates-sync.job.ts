import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { WHATSAPP_CLOUD_OPTIONS, type WhatsAppCloudOptions } from './cloud-options.js';
import { WhatsAppTemplatesRepository } from './whatsapp-templates.repository.js';
import { WhatsAppTemplatesService } from './whatsapp-templates.service.js';

export const TEMPLATES_SYNC_QUEUE = 'whatsapp-cloud-templates-sync';

/**
 * Syncs every Cloud API company's templates every few hours (WHATSAPP_TEMPLATES_SYNC_HOURS), through
 * a self-rescheduling pg-boss job like the subscription expiry's: the 'stately' queue holds at most
 * one waiting and one running job, so several instances make one chain, and each start asks for a
 * round now (catching up after downtime). One company's failure (a revoked token) is logged and
 * does not stop the others'.
 */
@Injectable()
export class WhatsAppTemplatesSyncJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('WhatsAppTemplates');

  constructor(
    private readonly jobs: JobQueue,
    private readonly db: Database,
    private readonly repo: WhatsAppTemplatesRepository,
    private readonly templates: WhatsAppTemplatesService,
    private readonly clock: Clock,
    @Inject(WHATSAPP_CLOUD_OPTIONS) private readonly options: WhatsAppCloudOptions,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.createQueue(TEMPLATES_SYNC_QUEUE, { policy: 'stately', retryLimit: 3, retryDelay: 300 });
    await this.jobs.send(TEMPLATES_SYNC_QUEUE, {});
    await this.jobs.work(TEMPLATES_SYNC_QUEUE, { pollingIntervalSeconds: 60 }, async () => {
      try {
        await this.syncAll();
      } finally {
        await this.jobs
          .send(TEMPLATES_SYNC_QUEUE, {}, { startAfter: new Date(this.clock.now().getTime() + this.options.templatesSyncMs) })
          .catch((err) => this.logger.error(`scheduling the next templates sync failed: ${err}`));
      }
    });
  }

  /** One round over every Cloud API company; answers how many synced. */
  async syncAll(): Promise<number> {
    const tenants = await this.db.platform((tx) => this.repo.cloudTenants(tx));
    let synced = 0;
    for (const tenantId of tenants) {
      try {
        await this.templates.sync(tenantId);
        synced++;
      } catch (err) {
        this.logger.warn(`templates of ${tenantId} not synced: ${err instanceof Error ? err.message : err}`);
      }
    }
    return synced;
  }
}
