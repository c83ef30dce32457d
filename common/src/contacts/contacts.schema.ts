import { z } from 'zod';
import { handOverHistoryEntrySchema } from '../messages/notes.schema.js';
import { labelFilterQuery } from '../labels/labels.schema.js';
import { CONTACT_STAGES, LEADS_PAGE_SIZE, MAX_PAGE_SIZE, PIPELINE_STATUSES, PROBABILITY_MAX, PROBABILITY_MIN, PRODUCT_QTY_MIN, SHIPPING_STATUSES } from '../constants.js';
import { isCalendarDay } from '../rules/day-range.js';
import { boundedTotalShape } from '../shared/bounded-total.js';
import { numericInput, timeZoneSchema } from '../shared/inputs.js';

/*
 * The contacts API: leads, customers, the sales pipeline, the contact profile, adding a lead,
 * import and export.
 */

export const CONTACT_SORT_FIELDS = ['createdAt', 'name', 'amount', 'updatedAt'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
export const CONTACT_SOURCES = ['manual', 'import', 'whatsapp'] as const;

/** Import: at most this many bytes and data rows per file. */
export const CONTACT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 10_000;
/** Export: a filter selecting more rows than this is refused (narrow it) rather than cut. */
export const CONTACT_EXPORT_MAX_ROWS = 50_000;
export const ASSIGN_BULK_MAX = 1_000;
export const DEAL_PRODUCTS_MAX = 100;

// ---------------------------------------------------------------- input helpers

/** Query strings and forms send '' for "not set". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const queryBoolean = (name: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : v === true || v === 'true' || v === '1' ? true : v === false || v === 'false' || v === '0' ? false : v),
    z.boolean({ message: `${name} must be true or false` }).optional(),
  );

/** A calendar day (YYYY-MM-DD, the whole day in `tz`) or an ISO date-time (that instant). */
export const dateBoundSchema = z
  .string()
  .trim()
  .refine((v) => isCalendarDay(v) || (/^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), {
    message: 'Dates must be written YYYY-MM-DD',
  });

const money = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .finite(`${name} must be a number`)
    .min(0, `${name} cannot be negative`)
    .max(1e11, `${name} is too large`);

const optionalText = (name: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ message: `${name} must be text` })
        .trim()
        .max(max, `${name} must be at most ${max} characters`)
        .nullable(),
    )
    .optional();

export const contactEmailSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Email must be a valid email address' }))
    .nullable(),
);

/** Accepts an id, or an object carrying one (`{ _id }`): the spec sends either. */
const idOrRef = (message: string) => z.preprocess((v) => (v && typeof v === 'object' && '_id' in v ? (v as { _id: unknown })._id : v), z.uuid({ message }));

// ---------------------------------------------------------------- list, stats, export

const assignedToFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => v === 'unassigned' || z.uuid().safeParse(v).success, { message: "assignedTo must be a user id or 'unassigned'" })
    .optional()
    .meta({ description: "A user id, or 'unassigned'; omitted for everyone" }),
);

/** The filters every contact list, export and count share. */
export const contactFiltersSchema = z.object({
  stage: z.preprocess(blankToUndefined, z.enum(CONTACT_STAGES, { message: 'stage must be lead, customer or sales' }).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, 'Search text is too long').optional().meta({ description: 'Name, phone or email contains this' })),
  from: z.preprocess(blankToUndefined, dateBoundSchema.optional().meta({ description: 'Created on or after this day' })),
  to: z.preprocess(blankToUndefined, dateBoundSchema.optional().meta({ description: 'Created on or before this day' })),
  tz: timeZoneSchema,
  assignedTo: assignedToFilter,
  isArchived: queryBoolean('isArchived'),
  pipeline_status: z.preprocess(blankToUndefined, z.enum(PIPELINE_STATUSES, { message: `pipeline_status must be one of ${PIPELINE_STATUSES.join(', ')}` }).optional()),
  productId: z.preprocess(blankToUndefined, z.uuid({ message: 'productId must be a product id' }).optional()),
  governorate: z.preprocess(
    blankToUndefined,
    z.string().trim().max(100, 'governorate is too long').optional().meta({ description: "The deal's shipping governorate (as stored: a governorate code from the picker)" }),
  ),
  ...labelFilterQuery,
});
export type ContactFilters = z.infer<typeof contactFiltersSchema>;

const sortSchema = {
  sortBy: z.preprocess(blankToUndefined, z.enum(CONTACT_SORT_FIELDS, { message: `sortBy must be one of ${CONTACT_SORT_FIELDS.join(', ')}` }).default('createdAt')),
  order: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() || undefined : v), z.enum(['asc', 'desc'], { message: 'order must be asc or desc' }).default('desc')),
};

export const contactsQuerySchema = contactFiltersSchema.extend({
  page: numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number'),
  limit: numericInput(
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(LEADS_PAGE_SIZE),
    'limit must be a number',
  ),
  ...sortSchema,
  withTotals: queryBoolean('withTotals').meta({ description: "Also compute the pipeline screen's totals over the whole filtered set" }),
});
export type ContactsQuery = z.infer<typeof contactsQuerySchema>;

export const contactsExportQuerySchema = contactFiltersSchema.extend(sortSchema);
export type ContactsExportQuery = z.infer<typeof contactsExportQuerySchema>;

export const contactStatsQuerySchema = z.object({
  from: z.preprocess(blankToUndefined, dateBoundSchema.optional()),
  to: z.preprocess(blankToUndefined, dateBoundSchema.optional()),
  tz: timeZoneSchema,
});
export type ContactStatsQuery = z.infer<typeof contactStatsQuerySchema>;

// ---------------------------------------------------------------- the contact as the API returns it

export const idNameRefSchema = z.object({ _id: z.uuid(), name: z.string() });
export type IdNameRef = z.infer<typeof idNameRefSchema>;

export const productRefSchema = z.object({ _id: z.uuid(), name: z.string(), sku: z.string(), price: z.number() });
export type ProductRef = z.infer<typeof productRefSchema>;

export const stageHistoryEntrySchema = z.object({
  _id: z.uuid(),
  from: z.enum(CONTACT_STAGES).nullable(),
  to: z.enum(CONTACT_STAGES),
  timestamp: z.string(),
  changedBy: idNameRefSchema.nullable(),
});
export type StageHistoryEntry = z.infer<typeof stageHistoryEntrySchema>;

/** A change of the deal's pipeline status (the profile's or the board's), with who and when. */
export const pipelineHistoryEntrySchema = z.object({
  _id: z.uuid(),
  from: z.enum(PIPELINE_STATUSES).nullable(),
  to: z.enum(PIPELINE_STATUSES),
  /** Why the deal was lost (a move to lost). */
  lostReason: z.string().nullable(),
  timestamp: z.string(),
  changedBy: idNameRefSchema.nullable(),
});
export type PipelineHistoryEntry = z.infer<typeof pipelineHistoryEntrySchema>;

/** Why a shipping status changed without a user: the customer answered the cash-on-delivery confirmation. */
export const SHIPPING_CHANGE_REASONS = ['order_confirmed', 'order_cancelled'] as const;
export type ShippingChangeReason = (typeof SHIPPING_CHANGE_REASONS)[number];

/** A change of the deal's shipping status: by a user (`changedBy`), or by the customer's answer (`reason`). */
export const shippingHistoryEntrySchema = z.object({
  _id: z.uuid(),
  from: z.enum(SHIPPING_STATUSES).nullable(),
  to: z.enum(SHIPPING_STATUSES).nullable(),
  reason: z.enum(SHIPPING_CHANGE_REASONS).nullable(),
  timestamp: z.string(),
  changedBy: idNameRefSchema.nullable(),
});
export type ShippingHistoryEntry = z.infer<typeof shippingHistoryEntrySchema>;

export const dealProductSchema = z.object({
  /** The product (null once the product was deleted). */
  productId: productRefSchema.nullable(),
  qty: z.number().int(),
  price: z.number(),
});
export type DealProduct = z.infer<typeof dealProductSchema>;

export const shippingAddressSchema = z.object({
  governorate: z.string().nullable(),
  city: z.string().nullable(),
  street: z.string().nullable(),
});

export const shippingDetailsSchema = z.object({
  company: idNameRefSchema.nullable(),
  trackingNumber: z.string().nullable(),
  cost: z.number().nullable(),
  status: z.enum(SHIPPING_STATUSES).nullable(),
  address: shippingAddressSchema,
  /** Cash on delivery the courier collects (beyond the spec), and whether it reached the company. */
  codAmount: z.number().nullable(),
  codCollected: z.boolean(),
});
export type ShippingDetails = z.infer<typeof shippingDetailsSchema>;

export const salesDataSchema = z.object({
  pipeline_status: z.enum(PIPELINE_STATUSES).nullable(),
  amount: z.number().nullable(),
  /** True once a user typed the amount: it no longer follows the products. */
  amountManual: z.boolean(),
  probability: z.number().int().nullable(),
  shippingDetails: shippingDetailsSchema,
});
export type SalesData = z.infer<typeof salesDataSchema>;

export const contactSchema = z.object({
  _id: z.uuid(),
  tenantId: z.uuid(),
  name: z.string().nullable(),
  phone: z.string().meta({ description: 'E.164, e.g. +201001234567' }),
  email: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string().nullable(),
  stage: z.enum(CONTACT_STAGES),
  assignedTo: idNameRefSchema.nullable(),
  source: z.enum(CONTACT_SOURCES),
  createdAt: z.string(),
  updatedAt: z.string(),
  isArchived: z.boolean(),
  hasActiveFollowUp: z.boolean(),
  /** The last 5 stage changes (and pipeline and shipping status changes, and the chat's hand-overs), newest first: on GET /contacts/{id} and the answers that change one contact. */
  stageHistory: z.array(stageHistoryEntrySchema).optional(),
  pipelineHistory: z.array(pipelineHistoryEntrySchema).optional(),
  handOvers: z.array(handOverHistoryEntrySchema).optional(),
  shippingHistory: z.array(shippingHistoryEntrySchema).optional(),
  products: z.array(dealProductSchema),
  salesData: salesDataSchema,
  /** The ids of the contact's labels, on the lists' rows (names and colours come from GET /labels). */
  labelIds: z.array(z.string()).optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const pipelineStatusTotalSchema = z.object({ status: z.enum(PIPELINE_STATUSES), count: z.number(), amount: z.number() });

/** The pipeline screen's figures over the whole filtered set (a deal with no status counts as `new`). */
export const pipelineTotalsSchema = z.object({
  count: z.number(),
  amount: z.number(),
  byStatus: z.array(pipelineStatusTotalSchema),
  /** the won deals: their amount is the sales revenue (rules/kpis.ts), equal to the dashboard's salesAmount */
  won: z.object({ count: z.number(), amount: z.number() }),
  /** the win rate: won ÷ count, whole percent (winRate in rules/kpis.ts) */
  conversionRate: z.number(),
  /** amount ÷ count */
  averageDeal: z.number(),
});
export type PipelineTotals = z.infer<typeof pipelineTotalsSchema>;

export const contactListSchema = z.object({
  items: z.array(contactSchema),
  /** A search's total is exact up to TOTAL_BOUND (then `totalIsLowerBound`); with `withTotals` it is always exact. */
  ...boundedTotalShape,
  /** Only with `withTotals=true`. */
  totals: pipelineTotalsSchema.optional(),
});
export type ContactList = z.infer<typeof contactListSchema>;

/** The dashboard's cards; each figure is defined in `rules/kpis.ts`. */
export const contactStatsSchema = z.object({
  leads: z.number(),
  customers: z.number(),
  /** deals: contacts in stage sales */
  sales: z.number(),
  /** sales revenue: the won deals' amounts */
  salesAmount: z.number(),
  /** won deals ÷ contacts of the period × 100, two decimals */
  conversionRate: z.number(),
});
export type ContactStats = z.infer<typeof contactStatsSchema>;

// ---------------------------------------------------------------- inputs

export const createContactSchema = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  phone: z.string({ message: 'Phone is required' }).trim().min(1, 'Phone is required').max(40, 'Phone is too long'),
  email: contactEmailSchema.optional(),
  address: optionalText('Address', 500),
  notes: optionalText('Notes', 5000),
  /** Admins may assign at once (an active sales user); a sales user's lead is always their own. */
  assignedTo: z.preprocess(blankToNull, z.uuid({ message: 'assignedTo must be a user id' }).nullable()).optional(),
});
export type CreateContactRequest = z.infer<typeof createContactSchema>;

export const dealProductInputSchema = z.object({
  productId: idOrRef('Choose a product for every product row'),
  qty: numericInput(z.number().int('qty must be a whole number').min(PRODUCT_QTY_MIN, `qty must be at least ${PRODUCT_QTY_MIN}`).max(1_000_000, 'qty is too large').default(1), 'qty must be a number'),
  /** Omitted: the product's current price. */
  price: numericInput(money('price').optional(), 'price must be a number'),
});
export type DealProductInput = z.input<typeof dealProductInputSchema>;

export const updateContactSchema = z.object({
  name: z.string({ message: 'Name must be text' }).trim().min(1, 'Name cannot be empty').max(200, 'Name must be at most 200 characters').optional(),
  email: contactEmailSchema.optional(),
  address: optionalText('Address', 500),
  notes: optionalText('Notes', 5000),
  isArchived: z.boolean({ message: 'isArchived must be true or false' }).optional(),
  salesData: z
    .object({
      pipeline_status: z.preprocess(blankToNull, z.enum(PIPELINE_STATUSES, { message: `pipeline_status must be one of ${PIPELINE_STATUSES.join(', ')}` }).nullable()).optional(),
      amount: numericInput(money('Amount').nullable().optional(), 'Amount must be a number', 'null'),
      amountManual: z.boolean({ message: 'amountManual must be true or false' }).optional(),
      probability: numericInput(
        z
          .number()
          .int('Probability must be a whole number')
          .min(PROBABILITY_MIN, `Probability must be between ${PROBABILITY_MIN} and ${PROBABILITY_MAX}`)
          .max(PROBABILITY_MAX, `Probability must be between ${PROBABILITY_MIN} and ${PROBABILITY_MAX}`)
          .nullable()
          .optional(),
        'Probability must be a number',
        'null',
      ),
      shippingDetails: z
        .object({
          company: z.preprocess(blankToNull, idOrRef('Choose a shipping company from the list').nullable()).optional(),
          trackingNumber: optionalText('Tracking number', 200),
          cost: numericInput(money('Shipping cost').nullable().optional(), 'Shipping cost must be a number', 'null'),
          codAmount: numericInput(money('COD amount').nullable().optional(), 'COD amount must be a number', 'null'),
          codCollected: z.boolean({ message: 'codCollected must be true or false' }).optional(),
          status: z.preprocess(blankToNull, z.enum(SHIPPING_STATUSES, { message: `Shipping status must be one of ${SHIPPING_STATUSES.join(', ')}` }).nullable()).optional(),
          address: z
            .object({
              governorate: optionalText('Governorate', 100),
              city: optionalText('City', 100),
              street: optionalText('Street', 500),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  /** Replaces the deal's whole product list. */
  products: z.array(dealProductInputSchema).max(DEAL_PRODUCTS_MAX, `A deal can have at most ${DEAL_PRODUCTS_MAX} products`).optional(),
});
export type UpdateContactRequest = z.infer<typeof updateContactSchema>;

export const changeStageSchema = z.object({
  stage: z.enum(CONTACT_STAGES, { message: 'Stage must be lead, customer or sales' }),
});
export type ChangeStageRequest = z.infer<typeof changeStageSchema>;

export const assignBulkSchema = z.object({
  leadIds: z.preprocess(
    (v) => v ?? [],
    z
      .array(z.uuid({ message: 'leadIds must be contact ids' }), { message: 'leadIds must be a list of contact ids' })
      .min(1, 'No leads selected.')
      .max(ASSIGN_BULK_MAX, `At most ${ASSIGN_BULK_MAX} leads can be assigned at once`),
  ),
  salesId: z.preprocess((v) => v ?? '', z.uuid({ message: 'Please select a sales person.' })),
});
export type AssignBulkRequest = z.infer<typeof assignBulkSchema>;

/** `message` reads like "3 leads assigned to Sara Sales". */
export const assignBulkResultSchema = z.object({ message: z.string(), assigned: z.number() });
export type AssignBulkResult = z.infer<typeof assignBulkResultSchema>;
