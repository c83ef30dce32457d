import type { Contact, ContactList, PipelineTotals } from '@crm/common';
import { useAuthStore } from '../auth/store';
import { contactsApi, type ContactListQuery } from './api';
import { userTimeZone } from '../../lib/format';
import { errorMessage } from '../../lib/error-message';
import { createListStore, type ListState } from '../../lib/load/list-store';

/** The state of one contact list screen (Leads, Customers, Sales Pipeline): filters, page, rows, selection. */
export type ContactListState<F extends object> = ListState<F, Contact, PipelineTotals>;

export interface ContactListConfig<F extends object> {
  initialFilters: F;
  pageSize: number;
  /** The screen's filters as API query values (stage, q, dates, ...). */
  toQuery: (filters: F) => ContactListQuery;
  withTotals?: boolean;
  /** The error is shown by its code in the user's language (errorMessage), this catalogue key last. */
  fallbackErrorKey: string;
}

/** One list store per contact screen, newest first. The store forgets everything when the user signs out. */
export function createContactListStore<F extends object>(config: ContactListConfig<F>) {
  const store = createListStore<F, Contact, PipelineTotals, ContactList>({
    initialFilters: config.initialFilters,
    pageSize: config.pageSize,
    fetchPage: ({ filters, page, limit, signal }) =>
      contactsApi.list({ ...config.toQuery(filters), tz: userTimeZone(), page, limit, sortBy: 'createdAt', order: 'desc', withTotals: config.withTotals || undefined }, signal),
    totalsOf: (answer) => answer.totals ?? null,
    errorText: (error) => errorMessage(error, config.fallbackErrorKey, { list: true }),
  });

  // Another user signing in on this machine must not inherit these filters or rows.
  useAuthStore.subscribe((state, previous) => {
    if (previous.status === 'authenticated' && state.status !== 'authenticated') store.getState().reset();
  });

  return store;
}
