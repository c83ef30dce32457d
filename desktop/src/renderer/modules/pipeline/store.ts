import { DEALS_PAGE_SIZE, type LabelMatch, type PipelineStatus } from '@crm/common';
import type { PickedProduct } from '../contacts/components/ProductPicker';
import { createContactListStore } from '../contacts/list-store';
import { labelQuery } from '../labels/LabelFilter';

export interface DealFilters {
  q: string;
  /** '' for every status. */
  status: PipelineStatus | '';
  /** A product, or null for any product (filtered on the server, over every page, not on the page). */
  product: PickedProduct | null;
  from: string | null;
  to: string | null;
  labels: string[];
  labelMatch: LabelMatch;
}

export const useDealsStore = createContactListStore<DealFilters>({
  initialFilters: { q: '', status: '', product: null, from: null, to: null, labels: [], labelMatch: 'any' },
  pageSize: DEALS_PAGE_SIZE,
  toQuery: (f) => ({ stage: 'sales', q: f.q, pipeline_status: f.status || undefined, productId: f.product?._id, from: f.from, to: f.to, ...labelQuery(f) }),
  withTotals: true,
  fallbackErrorKey: 'pipeline:loadFailed',
});
