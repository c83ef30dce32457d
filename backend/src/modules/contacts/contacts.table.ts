import { sql } from 'drizzle-orm';
import type { SystemEvent } from '@crm/common';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn, updatedAtColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import { products } from '../products/products.table.js';
import { shippingCompanies } from '../shipping/shipping.table.js';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * A person the company talks to: a lead, a customer, or a sales deal (stage). The deal and its
 * shipping live on the contact (one deal per contact, as the product works); the conversation
 * summary (last message, unread count) is kept here so the chat list pages from one index.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name'),
    /** E.164, normalised with the tenant's default country; unique per tenant. */
    phone: text('phone').notNull(),
    email: text('email'),
    address: text('address'),
    notes: text('notes'),
    stage: text('stage').notNull().default('lead'),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    isArchived: boolean('is_archived').notNull().default(false),
    hasActiveFollowUp: boolean('has_active_follow_up').notNull().default(false),
    /** manual | import | whatsapp */
    source: text('source').notNull().default('manual'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),

    pipelineStatus: text('pipeline_status'),
    dealAmount: money('deal_amount'),
    /** Once a user types an amount, it is no longer recomputed from the products. */
    dealAmountManual: boolean('deal_amount_manual').notNull().default(false),
    probability: integer('probability'),
    shippingCompanyId: uuid('shipping_company_id').references(() => shippingCompanies.id, { onDelete: 'set null' }),
    shippingTrackingNumber: text('shipping_tracking_number'),
    shippingCost: money('shipping_cost'),
    shippingStatus: text('shipping_status'),
    shippingGovernorate: text('shipping_governorate'),
    shippingCity: text('shipping_city'),
    shippingStreet: text('shipping_street'),
    /** Cash on delivery the courier collects for this deal, and whether it reached the company. */
    codAmount: money('cod_amount'),
    codCollected: boolean('cod_collected').notNull().default(false),

    /** WhatsApp ids this person was seen under: the phone id (…@c.us) and the linked id (…@lid). */
    waId: text('wa_id'),
    waLid: text('wa_lid'),
    /**
     * Meta's business-scoped user id (official API): the one id a user who hid their phone number
     * is known by (their contact carries a placeholder phone until the number shows up).
     */
    waUserId: text('wa_user_id'),
    lastMessageAt: timestampColumn('last_message_at'),
    lastMessagePreview: text('last_message_preview'),
    lastMessageDirection: text('last_message_direction'),
    /** The last message is a line WhatsApp wrote: its code and parameters, so the chat list words it (the preview keeps the English). */
    lastMessageSystemEvent: jsonb('last_message_system_event').$type<SystemEvent>(),
    unreadCount: integer('unread_count').notNull().default(0),
    /** Set when the contact replied an opt-out keyword (or an admin marked it): no campaign or follow-up step goes to them. */
    optedOutAt: timestampColumn('opted_out_at'),
    optOutKeyword: text('opt_out_keyword'),

    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    /**
     * What a search reads, folded once when the row is written (a LIKE on it is a byte compare;
     * ILIKE lower-cased both sides for every row): the phone's digits, the name, the email, one per
     * line, so a pattern can be kept to its own part (contactSearchPatterns). Newlines in a name
     * count as spaces, as they do in a query.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`ltrim(phone, '+') || E'\\n' || lower(translate(coalesce(name, ''), E'\\n', ' ')) || E'\\n' || lower(translate(coalesce(email, ''), E'\\n', ' '))`,
    ),
  },
  (t) => [
    uniqueIndex('contacts_tenant_phone_unique').on(t.tenantId, t.phone),
    uniqueIndex('contacts_tenant_wa_lid_unique')
      .on(t.tenantId, t.waLid)
      .where(sql`${t.waLid} is not null`),
    uniqueIndex('contacts_tenant_wa_user_id_unique')
      .on(t.tenantId, t.waUserId)
      .where(sql`${t.waUserId} is not null`),
    /*
     * The list indexes: the order the lists use (newest first, id as tie-break) after the equality
     * filters, then the columns the other filters, counts and pipeline totals read, so those run as
     * index-only scans (the trailing columns follow the unique id, so they never change the order).
     * Drizzle has no INCLUDE, hence trailing key columns.
     */
    index('contacts_stage_created_idx').on(t.tenantId, t.stage, t.createdAt.desc(), t.id.desc(), t.isArchived, t.assignedTo, t.pipelineStatus, t.dealAmount),
    index('contacts_assignee_created_idx').on(t.tenantId, t.assignedTo, t.stage, t.createdAt.desc(), t.id.desc(), t.isArchived, t.pipelineStatus, t.dealAmount),
    index('contacts_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc(), t.stage, t.isArchived, t.assignedTo),
    // the other sorts of the lists: by the name shown (a nameless contact shows its phone), by last change
    index('contacts_stage_label_idx').on(t.tenantId, t.stage, sql`lower(coalesce(${t.name}, ${t.phone}))`, t.id),
    // "all contacts A–Z" (no stage filter): the same label order for the whole company
    index('contacts_label_idx').on(t.tenantId, sql`lower(coalesce(${t.name}, ${t.phone}))`, t.id),
    index('contacts_stage_updated_idx').on(t.tenantId, t.stage, t.updatedAt.desc(), t.id.desc()),
    index('contacts_shipping_company_idx').on(t.tenantId, t.shippingCompanyId, t.shippingStatus),
    // the won deals by creation time (reports: sales revenue, won deals, revenue per month), index-only;
    // id and status too, so the won pipeline filtered by a product pages and totals index-only
    index('contacts_won_created_idx')
      .on(t.tenantId, t.createdAt, t.assignedTo, t.dealAmount, t.id, t.pipelineStatus)
      .where(sql`${t.stage} = 'sales' and ${t.pipelineStatus} = 'won'`),
    index('contacts_chat_list_idx').on(t.tenantId, t.lastMessageAt.desc().nullsLast(), t.id.desc()),
    /*
     * Search: the company first (btree_gin), then the folded text's trigrams, so a search reads the
     * company's matches only. The stage and the assignee are keys too: a search within a list (the
     * customers, a sales user's own) fetches only that list's matches to recheck, not every stage's
     * (customers "Hassan": 645 rows read instead of 2,542). A search without them ignores them.
     * Not over the phone column itself: a trigram index there also answers `phone = any(…)`, and
     * after ANALYZE the planner took it for the inbound sender lookup instead of the unique
     * (tenant, phone) index (batches of 400 messages took 3–6 s with it).
     */
    index('contacts_search_trgm_idx').using('gin', t.tenantId, t.stage, t.assignedTo, sql`${t.searchText} gin_trgm_ops`),
    ...tenantPolicies('contacts'),
  ],
);

/** Every stage change: from, to, when and who. */
export const contactStageHistory = pgTable(
  'contact_stage_history',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromStage: text('from_stage'),
    toStage: text('to_stage').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestampColumn('changed_at').notNull().defaultNow(),
  },
  (t) => [index('contact_stage_history_contact_idx').on(t.contactId, t.changedAt.desc()), ...tenantPolicies('contact_stage_history')],
);

/** The products of a contact's deal: qty ≥ 1 at a price (the product's price unless changed). */
export const contactDealProducts = pgTable(
  'contact_deal_products',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    qty: integer('qty').notNull().default(1),
    price: money('price').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('contact_deal_products_contact_idx').on(t.contactId, t.position),
    // the deals holding a product (the lists' product filter, its buyers counted); the line id last
    // tells, index-only, whether a line is its deal's newest of the product (buyers, one per deal)
    index('contact_deal_products_product_idx').on(t.tenantId, t.productId, t.contactId, t.id),
    // a product's buyers, newest sale first, read in order and stopped at the page
    index('contact_deal_products_product_newest_idx').on(t.tenantId, t.productId, t.id.desc(), t.contactId),
    ...tenantPolicies('contact_deal_products'),
  ],
);

/**
 * Running totals of contacts and deal amounts per list key, kept exact by statement triggers on
 * contacts (migration 0007), so the unfiltered list totals, the pipeline totals and all-time
 * stats read a few rows instead of counting a large tenant's contacts. `assigned_key` is the
 * assignee or the zero uuid (unassigned); `status_key` the pipeline status or '' (none).
 */
export const contactCounts = pgTable(
  'contact_counts',
  {
    tenantId: tenantIdColumn(),
    stage: text('stage').notNull(),
    assignedKey: uuid('assigned_key').notNull(),
    isArchived: boolean('is_archived').notNull(),
    statusKey: text('status_key').notNull(),
    contacts: integer('contacts').notNull().default(0),
    dealAmount: numeric('deal_amount', { precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.stage, t.assignedKey, t.isArchived, t.statusKey] }), ...tenantPolicies('contact_counts')],
);

export const UNASSIGNED_KEY = '00000000-0000-0000-0000-000000000000';

export type ContactRow = typeof contacts.$inferSelect;
export type NewContactRow = typeof contacts.$inferInsert;
