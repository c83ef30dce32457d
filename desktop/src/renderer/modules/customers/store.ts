import { createContactListStore } from '../contacts/list-store';

export interface CustomerFilters {
  q: string;
  from: string | null;
  to: string | null;
}

/** The spec gives no page size for customers; they page like leads so a list never loads a whole table. */
export const CUSTOMERS_PAGE_SIZE = 50;

export const useCustomersStore = createContactListStore<CustomerFilters>({
  initialFilters: { q: '', from: null, to: null },
  pageSize: CUSTOMERS_PAGE_SIZE,
  // spec/core.md §9: customers are fetched with isArchived false.
  toQuery: (f) => ({ stage: 'customer', isArchived: false, q: f.q, from: f.from, to: f.to }),
  fallbackErrorKey: 'common:unknownError',
});
