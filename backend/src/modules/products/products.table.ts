import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/** What the company sells; prices in the tenant's currency (EGP by default). */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku').notNull(),
    category: text('category'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    stockQty: integer('stock_qty').notNull().default(0),
    minQty: integer('min_qty').notNull().default(0),
    notes: text('notes'),
    /** Deleting a product archives it: deals keep it (and its name), lists and pickers leave it out. */
    archivedAt: timestampColumn('archived_at'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /** What a search reads, folded once when the row is written: the name and the SKU, one per line (see contacts.search_text). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(translate(name, E'\\n', ' ')) || E'\\n' || lower(translate(sku, E'\\n', ' '))`),
  },
  (t) => [
    // a SKU names one product of the company among those not deleted (an archived one frees it)
    uniqueIndex('products_tenant_sku_active_unique')
      .on(t.tenantId, sql`lower(${t.sku})`)
      .where(sql`${t.archivedAt} is null`),
    // the lists' order (name, then id): a page, a bounded count and a common word's search walk it,
    // index-only (whether a product was deleted is read from the index too)
    index('products_tenant_name_idx').on(t.tenantId, t.name, t.id, t.archivedAt),
    // search: the company first (btree_gin), then the folded text's trigrams
    index('products_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
    ...tenantPolicies('products'),
  ],
);

export type ProductRow = typeof products.$inferSelect;
