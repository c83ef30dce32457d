import { DEALS_PAGE_SIZE, PIPELINE_STATUSES, type LabelMatch, type PipelineStatus } from '@crm/common';
import type { PickedProduct } from '../contacts/components/ProductPicker';
import { createContactListStore } from '../contacts/list-store';
import type { FiltersUrlCodec } from '../../lib/load/use-filters-in-url';
import { labelFilterFromParams, labelFilterToParams, labelQuery } from '../labels/LabelFilter';

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

const isStatus = (value: string | null): value is PipelineStatus => (PIPELINE_STATUSES as readonly (string | null)[]).includes(value);

/** The pipeline filters in the list's URL; the product by id with its name, so the picker can show it without a look-up. */
export const dealFiltersUrl: FiltersUrlCodec<DealFilters> = {
  keys: ['q', 'status', 'productId', 'productName', 'from', 'to', 'labels', 'labelMatch'],
  toParams: (f) => ({ q: f.q, status: f.status, productId: f.product?._id, productName: f.product?.name, from: f.from, to: f.to, ...labelFilterToParams(f) }),
  fromParams: (p) => {
    const status = p.get('status');
    const productId = p.get('productId');
    return {
      q: p.get('q') ?? '',
      status: isStatus(status) ? status : '',
      product: productId ? { _id: productId, name: p.get('productName') ?? '', price: 0 } : null,
      from: p.get('from'),
      to: p.get('to'),
      ...labelFilterFromParams(p),
    };
  },
};
