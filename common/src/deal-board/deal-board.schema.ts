import { z } from 'zod';
import { MAX_PAGE_SIZE, PIPELINE_STATUSES } from '../constants.js';
import { contactFiltersSchema, idNameRefSchema } from '../contacts/contacts.schema.js';
import { numericInput } from '../shared/inputs.js';

/** Cards per column page: enough to fill a tall column, small enough for seven columns at once. */
export const DEAL_BOARD_PAGE_SIZE = 20;
/** The longest stale threshold a company may set (a year and a half). */
export const STALE_DAYS_MAX = 540;
export const LOST_REASONS_MAX = 30;
export const LOST_REASON_MAX_LENGTH = 200;

const pipelineStatusSchema = z.enum(PIPELINE_STATUSES, { message: `status must be one of ${PIPELINE_STATUSES.join(', ')}` });

/** The table's filters, which the board shares (the board is always the sales stage). */
export const dealBoardQuerySchema = contactFiltersSchema.pick({ q: true, from: true, to: true, tz: true, assignedTo: true, productId: true, labels: true, labelMatch: true }).extend({
  limit: numericInput(
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(DEAL_BOARD_PAGE_SIZE),
    'limit must be a number',
  ),
});
export type DealBoardQuery = z.infer<typeof dealBoardQuerySchema>;

export const dealColumnQuerySchema = dealBoardQuerySchema.extend({
  page: numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number'),
});
export type DealColumnQuery = z.infer<typeof dealColumnQuerySchema>;

export const dealStatusParamSchema = z.object({ status: pipelineStatusSchema });

export const dealCardSchema = z.object({
  _id: z.uuid(),
  name: z.string().nullable(),
  phone: z.string(),
  status: pipelineStatusSchema,
  amount: z.number().nullable(),
  products: z.array(z.object({ name: z.string(), qty: z.number().int() })),
  assignedTo: idNameRefSchema.nullable(),
  createdAt: z.string(),
  /** When the deal entered its current status. */
  enteredStatusAt: z.string(),
  daysInStatus: z.number().int(),
  /** Longer in this status than the company's threshold for it. */
  stale: z.boolean(),
  /** The ids of the contact's labels (names and colours come from GET /labels). */
  labelIds: z.array(z.string()).optional(),
});
export type DealCard = z.infer<typeof dealCardSchema>;

export const dealColumnSchema = z.object({
  status: pipelineStatusSchema,
  /** Count and total over the whole filter, not the loaded cards. */
  count: z.number().int(),
  amount: z.number(),
  page: z.number().int(),
  items: z.array(dealCardSchema),
  hasMore: z.boolean(),
});
export type DealColumn = z.infer<typeof dealColumnSchema>;

export const dealBoardSchema = z.object({ columns: z.array(dealColumnSchema) });
export type DealBoard = z.infer<typeof dealBoardSchema>;

export const moveDealSchema = z.object({
  status: pipelineStatusSchema,
  /** Required when moving to lost: one of the company's reasons or free text. */
  lostReason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string().max(LOST_REASON_MAX_LENGTH, `The lost reason is at most ${LOST_REASON_MAX_LENGTH} characters`).optional(),
  ),
});
export type MoveDealRequest = z.infer<typeof moveDealSchema>;

const staleDaysSchema = z
  .number()
  .int('A stale threshold is a whole number of days')
  .min(1, 'A stale threshold is at least 1 day')
  .max(STALE_DAYS_MAX, `A stale threshold is at most ${STALE_DAYS_MAX} days`)
  .nullable();

export const dealBoardSettingsSchema = z.object({
  /** Days a deal may sit in each status before it is stale; null or missing = never stale. */
  staleDays: z.partialRecord(pipelineStatusSchema, staleDaysSchema),
  /** The company's list of lost reasons (the dialog also takes free text). */
  lostReasons: z
    .array(z.string().trim().min(1, 'A lost reason cannot be empty').max(LOST_REASON_MAX_LENGTH, `A lost reason is at most ${LOST_REASON_MAX_LENGTH} characters`))
    .max(LOST_REASONS_MAX, `At most ${LOST_REASONS_MAX} lost reasons`),
});
export type DealBoardSettings = z.infer<typeof dealBoardSettingsSchema>;

/** Whether a deal that entered its status at `entered` is stale at `now` (threshold in days; none = never). */
export function isDealStale(entered: Date, now: Date, thresholdDays: number | null | undefined): boolean {
  return thresholdDays != null && now.getTime() - entered.getTime() > thresholdDays * 86_400_000;
}

/** Whole days since the deal entered its status. */
export function daysInStatus(entered: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - entered.getTime()) / 86_400_000));
}
