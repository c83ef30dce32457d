import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/** The company's labels (name and colour), defined by an admin; one name per company whatever its case. */
export const labels = pgTable(
  'labels',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('labels_tenant_name_unique').on(t.tenantId, sql`lower(${t.name})`), ...tenantPolicies('labels')],
);
export type LabelRow = typeof labels.$inferSelect;

/**
 * Which contact carries which label. Deleting a label deletes its rows (the cascade), so it leaves
 * every contact at once. The foreign key to contacts (cascade too) is written by hand in the
 * migration: importing the contacts table here would make labels depend on contacts, and contacts
 * reads this table for its label filter — labels stays the lower module.
 * The primary key answers "the labels of these contacts" (chips); the second index answers "the
 * contacts with this label" (the filters' semi-joins).
 */
export const contactLabels = pgTable(
  'contact_labels',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'contact_labels_pk', columns: [t.tenantId, t.contactId, t.labelId] }),
    index('contact_labels_label_idx').on(t.tenantId, t.labelId, t.contactId),
    ...tenantPolicies('contact_labels'),
  ],
);
