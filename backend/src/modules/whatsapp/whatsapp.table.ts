import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/** The company's WhatsApp connection (one per tenant) and what the backend last knew of it. */
export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('Default Account'),
    /** The last state reported (not_configured, initializing, scan, connected, needs_qr, disconnected, …). */
    state: text('state').notNull().default('not_configured'),
    /** Restart this session when the backend starts (it was connected, and not logged out). */
    autoStart: boolean('auto_start').notNull().default(false),
    phoneNumber: text('phone_number'),
    lastConnectedAt: timestampColumn('last_connected_at'),
    lastEventAt: timestampColumn('last_event_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('whatsapp_accounts_tenant_unique').on(t.tenantId), ...tenantPolicies('whatsapp_accounts')],
);

export type WhatsappAccountRow = typeof whatsappAccounts.$inferSelect;
