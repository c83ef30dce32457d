import { index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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

/** What a shipping company charges to deliver to a governorate (beyond the spec: Egyptian COD shops). */
export const shippingGovernorateFees = pgTable(
  'shipping_governorate_fees',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    shippingCompanyId: uuid('shipping_company_id')
      .notNull()
      .references(() => shippingCompanies.id, { onDelete: 'cascade' }),
    /** A code of EGYPT_GOVERNORATES (common). */
    governorate: text('governorate').notNull(),
    fee: numeric('fee', { precision: 14, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shippingCompanyId, t.governorate] }), ...tenantPolicies('shipping_governorate_fees')],
);

export type ShippingFeeRow = typeof shippingGovernorateFees.$inferSelect;
