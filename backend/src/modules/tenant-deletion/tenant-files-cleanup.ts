import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Database } from '../../platform/db/database.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { FileStorage } from '../../platform/files/file-storage.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';

export const TENANT_FILES_QUEUE = 'tenant-files.remove';
export type TenantFilesJob = { tenantId: string };

/**
 * Removes a deleted company's files under DATA_DIR: its media (files/{tenantId}/) and its stored
 * WhatsApp session. Files cannot be part of the deleting transaction, so the transaction enqueues
 * this job (it exists if and only if the deletion committed); pg-boss retries it until it succeeds,
 * also after a crash or restart. Removal is idempotent, and a company that still exists is never
 * touched.
 */
@Injectable()
export class TenantFilesCleanup implements OnApplicationBootstrap {
  private readonly logger = new Logger('TenantFilesCleanup');
  private workerId?: string;

  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly files: FileStorage,
    private readonly whatsapp: WhatsAppSessionsService,
    private readonly tenants: TenantsRepository,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.createQueue(TENANT_FILES_QUEUE, { retryLimit: 20, retryDelay: 2, retryBackoff: true, retryDelayMax: 600 });
    this.workerId = await this.jobs.work<TenantFilesJob>(TENANT_FILES_QUEUE, { pollingIntervalSeconds: 2 }, (job) => this.remove(job.data.tenantId));
  }

  /** Enqueues the clean-up in the deleting transaction. */
  async enqueue(tx: PlatformTx, tenantId: string): Promise<void> {
    await this.jobs.sendInTransaction(tx, TENANT_FILES_QUEUE, { tenantId } satisfies TenantFilesJob);
  }

  /** After the commit: start now rather than at the next poll. */
  wake() {
    if (this.workerId) this.jobs.notifyWorker(this.workerId);
  }

  async remove(tenantId: string): Promise<void> {
    if (await this.db.platform((tx) => this.tenants.findById(tx, tenantId))) {
      this.logger.warn(`not removing the files of ${tenantId}: the company exists`);
      return;
    }
    await this.files.removeTenantFiles(tenantId);
    await this.whatsapp.removeStoredSession(tenantId);
    this.logger.log(`removed the files of deleted company ${tenantId}`);
  }
}
