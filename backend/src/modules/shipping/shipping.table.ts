import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/** Couriers the company ships with (e.g. cash-on-delivery carriers). */
export const shippingCompanies = pgTable(
  'shipping_companies',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    trackingUrl: text('tracking_url'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('shipping_companies_tenant_name_idx').on(t.tenantId, t.name), ...tenantPolicies('shipping_companies')],
);

export type ShippingCompanyRow = typeof shippingCompanies.$inferSelect;
