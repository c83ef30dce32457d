import type { PipelineStatus } from '../constants.js';

/**
 * The sales figures, each defined once (docs/product-rules.md, "What the figures count"). The dashboard, the
 * pipeline screen, the detailed report, its Excel export and team performance all use these, so
 * two screens showing the same figure on the same data always agree.
 *
 * - **The date a contact, its deal and its amount count on** is the contact's creation instant,
 *   read as a calendar day (and month) of the company's time zone. Every From/To filter of the
 *   dashboard, the pipeline and the reports selects on it; the report's months group on it.
 * - **Deals** are the contacts in stage `sales`, whatever their pipeline status.
 * - **Won deals** are the deals whose pipeline status is `won`.
 * - **Sales revenue** ("Sales Amount" on the dashboard, "Sales Revenue" in reports, "Won" value on
 *   the pipeline) is the sum of the won deals' amounts. Open and lost deals are not revenue.
 * - **Conversion rate** (dashboard, reports) = won deals ÷ contacts created in the period × 100,
 *   two decimals, 0 when there are none.
 * - **Win rate** (pipeline) = won deals ÷ deals of the filtered set × 100, whole percent.
 * - **Average deal size** = an amount ÷ the number of deals it sums, to the cent (reports: sales
 *   revenue ÷ won deals; pipeline: pipeline value ÷ deals).
 * - **A rep's conversion rate** (team performance) = the rep's deals ÷ the contacts assigned to
 *   them × 100, one decimal, 0 when none are assigned.
 */

/** The pipeline status that makes a deal revenue. */
export const WON_STATUS: PipelineStatus = 'won';

/** Whether a deal with this pipeline status is won (counts as sales revenue). */
export function isWonDeal(pipelineStatus: string | null | undefined): boolean {
  return pipelineStatus === WON_STATUS;
}

/** part ÷ whole × 100 rounded to `decimals`; 0 when whole is 0. */
export function percentOf(part: number, whole: number, decimals: number): number {
  if (!(whole > 0)) return 0;
  const f = 10 ** decimals;
  return Math.round(((part / whole) * 100 + Number.EPSILON) * f) / f;
}

/** Won deals ÷ contacts created in the period × 100, two decimals (dashboard and reports). */
export function conversionRate(wonDeals: number, contacts: number): number {
  return percentOf(wonDeals, contacts, 2);
}

/** Won deals ÷ deals × 100, whole percent (the pipeline screen). */
export function winRate(wonDeals: number, deals: number): number {
  return percentOf(wonDeals, deals, 0);
}

/** An amount ÷ the number of deals it sums, to the cent; 0 without deals. */
export function averageDealSize(amount: number, deals: number): number {
  return deals > 0 ? Math.round((amount / deals + Number.EPSILON) * 100) / 100 : 0;
}

/** A rep's deals ÷ contacts assigned to them × 100, one decimal, 0 when none (team performance). */
export function repConversionRate(deals: number, assigned: number): number {
  return percentOf(deals, assigned, 1);
}
