import type { Contact, PipelineTotals } from '@crm/common';
import { create } from 'zustand';
import { useAuthStore } from '../auth/store';
import { contactsApi, type ContactListQuery } from './api';
import { userTimeZone } from '../../lib/format';
import { errorMessage } from '../../lib/error-message';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'error';

/** The state of one contact list screen (Leads, Customers, Sales Pipeline): filters, page, rows, selection. */
export interface ContactListState<F extends object> {
  filters: F;
  page: number;
  items: Contact[];
  total: number;
  /** Pipeline totals over the whole filtered set (only when the list asks for them). */
  totals: PipelineTotals | null;
  status: ListStatus;
  error: string | null;
  /** Selected contact ids (the leads' bulk assign); kept across pages, cleared by any filter change. */
  selected: string[];
  /** Any filter change goes back to page 1 and clears the selection (spec/core.md §4 "Lists"). */
  setFilters: (patch: Partial<F>) => void;
  setPage: (page: number) => void;
  /** Fetches the current page; an older request still running is abandoned. */
  load: () => Promise<void>;
  setSelected: (ids: readonly string[], selected: boolean) => void;
  clearSelection: () => void;
  reset: () => void;
}

export interface ContactListConfig<F extends object> {
  initialFilters: F;
  pageSize: number;
  /** The screen's filters as API query values (stage, q, dates, ...). */
  toQuery: (filters: F) => ContactListQuery;
  withTotals?: boolean;
  /** The error is shown by its code in the user's language (errorMessage), this catalogue key last. */
  fallbackErrorKey: string;
}

const sameValues = <F extends object>(current: F, patch: Partial<F>): boolean =>
  (Object.keys(patch) as (keyof F)[]).every((key) => Object.is(current[key], patch[key]));

/** One store per list screen, all built the same way. The store forgets everything when the user signs out. */
export function createContactListStore<F extends object>(config: ContactListConfig<F>) {
  let controller: AbortController | null = null;
  const blank = () => ({
    filters: { ...config.initialFilters },
    page: 1,
    items: [] as Contact[],
    total: 0,
    totals: null,
    status: 'idle' as ListStatus,
    error: null,
    selected: [] as string[],
  });

  const store = create<ContactListState<F>>()((set, get) => ({
    ...blank(),

    setFilters: (patch) => {
      if (sameValues(get().filters, patch)) return;
      set({ filters: { ...get().filters, ...patch }, page: 1, selected: [] });
    },

    setPage: (page) => set({ page: Math.max(1, Math.floor(page)) }),

    load: async () => {
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      const { filters, page } = get();
      set({ status: 'loading', error: null });
      try {
        const result = await contactsApi.list(
          {
            ...config.toQuery(filters),
            tz: userTimeZone(),
            page,
            limit: config.pageSize,
            sortBy: 'createdAt',
            order: 'desc',
            withTotals: config.withTotals || undefined,
          },
          mine.signal,
        );
        if (mine.signal.aborted) return;
        // Rows deleted elsewhere can leave us past the end: show the last page instead of nothing.
        if (result.items.length === 0 && result.total > 0 && page > 1) {
          set({ page: Math.ceil(result.total / config.pageSize) });
          return get().load();
        }
        set({ items: result.items, total: result.total, totals: result.totals ?? null, status: 'ready' });
      } catch (error) {
        if (mine.signal.aborted) return;
        set({ items: [], total: 0, totals: null, status: 'error', error: errorMessage(error, config.fallbackErrorKey, { list: true }) });
      } finally {
        if (controller === mine) controller = null;
      }
    },

    setSelected: (ids, selected) => {
      const current = new Set(get().selected);
      for (const id of ids) {
        if (selected) current.add(id);
        else current.delete(id);
      }
      set({ selected: [...current] });
    },

    clearSelection: () => set({ selected: [] }),

    reset: () => {
      controller?.abort();
      controller = null;
      set(blank());
    },
  }));

  // Another user signing in on this machine must not inherit these filters or rows.
  useAuthStore.subscribe((state, previous) => {
    if (previous.status === 'authenticated' && state.status !== 'authenticated') store.getState().reset();
  });

  return store;
}
