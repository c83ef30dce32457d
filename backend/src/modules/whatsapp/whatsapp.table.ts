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
    /** Why, for a state an admin must act on (needs_qr, needs_attention: e.g. `token_invalid`): shown after a restart too. */
    reasonCode: text('reason_code'),
    /** Restart this session when the backend starts (it was connected, and not logged out). */
    autoStart: boolean('auto_start').notNull().default(false),
    /**
     * How the company connects: `qr` (linking a phone by QR, the deployment's driver) or `cloud`
     * (Meta's official Cloud API, set while its settings are stored). WhatsAppDrivers reads it.
     */
    connectionKind: text('connection_kind').$type<WhatsAppConnectionKind>().notNull().default('qr'),
    phoneNumber: text('phone_number'),
    lastConnectedAt: timestampColumn('last_connected_at'),
    lastEventAt: timestampColumn('last_event_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('whatsapp_accounts_tenant_unique').on(t.tenantId), ...tenantPolicies('whatsapp_accounts')],
);

export type WhatsAppConnectionKind = 'qr' | 'cloud';

export type WhatsappAccountRow = typeof whatsappAccounts.$inferSelect;
