import { Injectable } from '@nestjs/common';
import type { TenantDeletion } from '@crm/common';
import { getTableName } from 'drizzle-orm';
import type { SuperActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { eraseTenantRows } from '../../platform/db/tenant-data-eraser.js';
import { ApiError } from '../../platform/http/api-error.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { AuthService } from '../auth/auth.service.js';
import { superAuditLog } from '../super-audit/super-audit.table.js';
import { SuperAuditService } from '../super-audit/super-audit.service.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { TenantFilesCleanup } from './tenant-files-cleanup.js';

/** Tables whose rows outlive the company: the audit log says it was deleted, by whom, and what went. */
const KEPT_TABLES = [getTableName(superAuditLog)];

const notFound = () => ApiError.notFound('Company not found.').withCode('tenant.not_found');

/**
 * Deleting a company for good (DELETE /super/tenants/{id}): every row of it in every table, its
 * jobs, its users and their sessions, in one transaction; then its files, by a retried job.
 */
@Injectable()
export class TenantDeletionService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantsRepository,
    private readonly auth: AuthService,
    private readonly whatsapp: WhatsAppSessionsService,
    private readonly jobs: JobQueue,
    private readonly files: TenantFilesCleanup,
    private readonly audit: SuperAuditService,
  ) {}

  async remove(actor: SuperActor, tenantId: string): Promise<TenantDeletion> {
    if (!(await this.db.platform((tx) => this.tenants.findById(tx, tenantId)))) throw notFound();
    // first, so no message comes in while the rows go (if the deletion then fails, the session
    // restarts with the next start of the backend, or when an admin starts it)
    await this.whatsapp.forget(tenantId);

    const { tenant, removed, cutSockets } = await this.db.platform(async (tx) => {
      // held to the end: anything referencing the company meanwhile waits, then finds it gone
      const tenant = await this.tenants.lockForDeletion(tx, tenantId);
      if (!tenant) throw notFound();
      const cutSockets = await this.auth.closeSessionsIn(tx, { tenantId }, 'company_deleted');
      const jobs = await this.jobs.deleteTenantJobs(tx, tenantId);
      const removed: Record<string, number> = await eraseTenantRows(tx, tenantId, { keep: KEPT_TABLES });
      if (jobs) removed.jobs = jobs;
      await this.tenants.remove(tx, tenantId);
      // after the company's jobs went, so that this one (which names it too) stays
      await this.files.enqueue(tx, tenantId);
      await this.audit.record(tx, { actor, action: 'tenant.deleted', tenant, before: { name: tenant.name, slug: tenant.slug }, after: { removed } });
      return { tenant, removed, cutSockets };
    });
    cutSockets();
    this.files.wake();
    return { _id: tenant.id, name: tenant.name, removed };
  }
}
