import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * Which backend instance runs the company's WhatsApp session, until when (see WhatsAppSessionLease).
 * Only the platform path uses it (coordination between instances); the tenant policy is the house default.
 */
export const whatsappSessionLeases = pgTable(
  'whatsapp_session_leases',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The instance id (INSTANCE_ID, or host:pid:random). */
    owner: text('owner').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
  },
  () => tenantPolicies('whatsapp_session_leases'),
);

export type WhatsappSessionLeaseRow = typeof whatsappSessionLeases.$inferSelect;
