import type { LabelMatch } from '@crm/common';
import { createContactListStore } from '../contacts/list-store';
import type { FiltersUrlCodec } from '../../lib/load/use-filters-in-url';
import { labelFilterFromParams, labelFilterToParams, labelQuery } from '../labels/LabelFilter';

export interface CustomerFilters {
  q: string;
  from: string | null;
  to: string | null;
  labels: string[];
  labelMatch: LabelMatch;
}

/** The spec gives no page size for customers; they page like leads so a list never loads a whole table. */
export const CUSTOMERS_PAGE_SIZE = 50;

export const useCustomersStore = createContactListStore<CustomerFilters>({
  initialFilters: { q: '', from: null, to: null, labels: [], labelMatch: 'any' },
  pageSize: CUSTOMERS_PAGE_SIZE,
  // Customers are fetched with isArchived false.
  toQuery: (f) => ({ stage: 'customer', isArchived: false, q: f.q, from: f.from, to: f.to, ...labelQuery(f) }),
  fallbackErrorKey: 'common:unknownError',
});

/** The customers filters in the list's URL (`/customers?q=…&labels=…`). */
export const customerFiltersUrl: FiltersUrlCodec<CustomerFilters> = {
  keys: ['q', 'from', 'to', 'labels', 'labelMatch'],
  toParams: (f) => ({ q: f.q, from: f.from, to: f.to, ...labelFilterToParams(f) }),
  fromParams: (p) => ({ q: p.get('q') ?? '', from: p.get('from'), to: p.get('to'), ...labelFilterFromParams(p) }),
};
