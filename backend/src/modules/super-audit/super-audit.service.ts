import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditEntry, ListResult, PageQuery } from '@crm/common';
import type { SuperActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { SuperAuditRepository } from './super-audit.repository.js';

export type AuditRecord = {
  /** The super administrator who acted; null when the platform acted (the expiry job). */
  actor: SuperActor | null;
  action: AuditAction;
  tenant: { id: string; name: string };
  targetUser?: { id: string; name: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** Fields never written to the audit log, whatever a caller passes. */
const SECRET_FIELDS = new Set(['password', 'passwordHash']);

/**
 * The super area's audit trail. `record` runs inside the caller's transaction, so an action and
 * its entry are stored together or not at all.
 */
@Injectable()
export class SuperAuditService {
  constructor(
    private readonly db: Database,
    private readonly entries: SuperAuditRepository,
  ) {}

  async record(tx: PlatformTx, record: AuditRecord): Promise<void> {
    await this.entries.insert(tx, {
      tenantId: record.tenant.id,
      tenantName: record.tenant.name,
      actorAdminId: record.actor?.adminId ?? null,
      actorName: record.actor?.name ?? null,
      action: record.action,
      targetUserId: record.targetUser?.id ?? null,
      targetLabel: record.targetUser?.name ?? null,
      before: withoutSecrets(record.before),
      after: withoutSecrets(record.after),
    });
  }

  async listForTenant(tenantId: string, page: PageQuery): Promise<ListResult<AuditEntry>> {
    const { rows, total } = await this.db.platform((tx) => this.entries.pageForTenant(tx, tenantId, page.limit, (page.page - 1) * page.limit));
    return {
      items: rows.map((r) => ({
        _id: r.id,
        at: r.createdAt.toISOString(),
        actorName: r.actorName,
        action: r.action as AuditAction,
        targetLabel: r.targetLabel,
        before: r.before ?? null,
        after: r.after ?? null,
      })),
      total,
    };
  }
}

function withoutSecrets(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const kept = Object.entries(values).filter(([key]) => !SECRET_FIELDS.has(key));
  // a changed password is worth knowing about, its value never
  if ('password' in values && values.password !== undefined) kept.push(['passwordChanged', true]);
  return Object.fromEntries(kept);
}
