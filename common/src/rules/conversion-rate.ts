/**
 * Conversion figures, one definition each:
 * - the pipeline screen (spec/core.md §9): won deals ÷ deals, as a whole percent; average deal =
 *   total amount ÷ number of deals — over the whole filtered set, not the page;
 * - the dashboard (and sales performance, spec/admin.md §9): sales deals ÷ all contacts of the
 *   period × 100, one decimal; 0 when there are none.
 */
export function pipelineConversionRate(won: number, total: number): number {
  return total > 0 ? Math.round((won / total) * 100) : 0;
}

export function averageDeal(amount: number, count: number): number {
  return count > 0 ? Math.round((amount / count) * 100) / 100 : 0;
}

export function salesConversionRate(sales: number, contacts: number): number {
  return contacts > 0 ? Math.round((sales / contacts) * 1000) / 10 : 0;
}
