import { z } from 'zod';
import { PIPELINE_STATUSES } from '../constants.js';
import { isCalendarDay } from '../rules/day-range.js';
import { timeZoneSchema } from '../shared/inputs.js';

/*
 * Detailed reports, their Excel export, team performance and sales performance. Every figure is
 * defined in
 * rules/kpis.ts; docs/product-rules.md ("What the figures count") says the same in words.
 */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const day = z.string().trim().refine(isCalendarDay, { message: 'Dates must be written YYYY-MM-DD' });

/** from / to: calendar days of the company's time zone (`tz`, default Africa/Cairo), both inclusive. */
export const reportQuerySchema = z.object({
  from: z.preprocess(blankToUndefined, day.optional()),
  to: z.preprocess(blankToUndefined, day.optional()),
  /** One sales person's contacts and deals; blank = all. Expenses are the company's and ignore it. */
  assignedTo: z.preprocess(blankToUndefined, z.uuid({ message: 'assignedTo must be a user id' }).optional()),
  tz: timeZoneSchema,
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportKpisSchema = z.object({
  /** New Leads: contacts created in the period, any stage */
  leads: z.number(),
  /** Won Deals */
  sales: z.number(),
  /** Sales Revenue: the won deals' amounts */
  salesAmount: z.number(),
  /** Total Expenses: expenses dated in the period */
  expenses: z.number(),
  /** won deals ÷ new leads × 100, two decimals */
  conversionRate: z.number(),
  /** sales revenue ÷ won deals, to the cent */
  avgDealSize: z.number(),
});
export type ReportKpis = z.infer<typeof reportKpisSchema>;

export const reportDataSchema = z.object({
  kpis: reportKpisSchema,
  /** Deals of the period per pipeline status (no status counts as new), in pipeline order; statuses without deals left out. */
  pipeline: z.array(z.object({ status: z.enum(PIPELINE_STATUSES), count: z.number() })),
  /** Won deals per month of the company's time zone, oldest first; months without won deals left out. */
  monthlyRevenue: z.array(z.object({ _id: z.object({ month: z.number(), year: z.number() }), revenue: z.number(), deals: z.number() })),
  /** Expenses of the period per category (null = none given), largest first. */
  expensePerformance: z.array(z.object({ category: z.string().nullable(), totalAmount: z.number() })),
  /** The sales people the report can be filtered by. */
  salesTeam: z.array(z.object({ _id: z.uuid(), name: z.string() })),
  /** Deals lost now, per the reason given when they were lost ('' = none given), most first. */
  lostReasons: z.array(z.object({ reason: z.string(), count: z.number(), amount: z.number() })),
  /** The average days deals stay in each pipeline status (a stay still open counts up to now), in pipeline order; statuses never entered left out. */
  stageDays: z.array(z.object({ status: z.enum(PIPELINE_STATUSES), averageDays: z.number(), deals: z.number() })),
});
export type ReportData = z.infer<typeof reportDataSchema>;

/** Leads (contacts of the period) and won deals per label, the most leads first; labels without contacts in the period left out. */
export const labelReportSchema = z.object({
  items: z.array(z.object({ labelId: z.uuid(), name: z.string(), colour: z.string(), leads: z.number(), won: z.number(), wonAmount: z.number() })),
});
export type LabelReport = z.infer<typeof labelReportSchema>;

export const userIdParamSchema = z.object({ userId: z.uuid({ message: 'Invalid id' }) });

/** One sales person's figures over all their assigned contacts (their current stage). */
export const salesPerformanceSchema = z.object({
  totalAssigned: z.number(),
  convertedToCustomer: z.number(),
  totalSalesDeals: z.number(),
  /** the won deals' amounts (sales revenue) */
  totalSalesAmount: z.number(),
  /** deals ÷ assigned × 100, one decimal, 0 when none assigned */
  conversionRate: z.number(),
});
export type SalesPerformance = z.infer<typeof salesPerformanceSchema>;
