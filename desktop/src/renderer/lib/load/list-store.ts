import { create } from 'zustand';
import { latestRequest, type LoadStatus } from './latest-request';

/** What a list asks the server for: the screen's filters, a page, and a signal to abandon it. */
export interface PageRequest<F> {
  filters: F;
  page: number;
  limit: number;
  signal: AbortSignal;
}

/** A page of rows as the server answers (`items` of this page, `total` over every page), with any extra figures. */
export interface PageAnswer<T> {
  items: T[];
  total: number;
  /** The server stopped counting at its bound: at least `total` rows (common's boundedTotal). */
  totalIsLowerBound?: boolean;
}

/** The state of one paged list screen: filters, page, rows, status, selection. */
export interface ListState<F extends object, T, X = never> {
  filters: F;
  page: number;
  items: T[];
  total: number;
  /** `total` is "at least": shown as "3,000+" (totalText). */
  totalIsLowerBound: boolean;
  /** Figures over the whole filtered set that come with a page (deal totals, the sum of expenses). */
  totals: X | null;
  status: LoadStatus;
  error: string | null;
  /** Selected row ids (bulk actions); kept across pages, cleared by any filter change. */
  selected: string[];
  /** Any filter change goes back to page 1 and clears the selection; an unchanged value does nothing. */
  setFilters: (patch: Partial<F>) => void;
  setPage: (page: number) => void;
  /** Fetches the current page (first load, retry, refresh after a change); an older request still running is abandoned. */
  load: () => Promise<void>;
  /** Abandons the request still running (the screen closed). */
  cancel: () => void;
  setSelected: (ids: readonly string[], selected: boolean) => void;
  clearSelection: () => void;
  /** Back to the initial filters with nothing loaded. */
  reset: () => void;
}

export interface ListConfig<F extends object, T, X = never, A extends PageAnswer<T> = PageAnswer<T>> {
  initialFilters: F;
  pageSize: number;
  fetchPage: (request: PageRequest<F>) => Promise<A>;
  /** The failure as the screen shows it, in the user's language (errorMessage with the screen's key). */
  errorText: (error: unknown) => string;
  /** The figures over the whole filtered set, read from the answer. */
  totalsOf?: (answer: A) => X | null;
}

const sameValues = <F extends object>(current: F, patch: Partial<F>): boolean => (Object.keys(patch) as (keyof F)[]).every((key) => Object.is(current[key], patch[key]));

/**
 * A store for one paged list, every list screen built the same way: a module-level one for lists
 * that keep their filters between visits (leads, customers, deals), or one per mounted screen
 * (useList).
 */
export function createListStore<F extends object, T, X = never, A extends PageAnswer<T> = PageAnswer<T>>(config: ListConfig<F, T, X, A>) {
  const request = latestRequest();
  const blank = () => ({
    filters: { ...config.initialFilters },
    page: 1,
    items: [] as T[],
    total: 0,
    totalIsLowerBound: false,
    totals: null as X | null,
    status: 'idle' as LoadStatus,
    error: null as string | null,
    selected: [] as string[],
  });

  return create<ListState<F, T, X>>()((set, get) => ({
    ...blank(),

    setFilters: (patch) => {
      if (sameValues(get().filters, patch)) return;
      set({ filters: { ...get().filters, ...patch }, page: 1, selected: [] });
    },

    setPage: (page) => set({ page: Math.max(1, Math.floor(page)) }),

    load: async () => {
      const signal = request.start();
      const { filters, page } = get();
      set({ status: 'loading', error: null });
      try {
        const answer = await config.fetchPage({ filters, page, limit: config.pageSize, signal });
        if (signal.aborted) return;
        // Rows deleted elsewhere can leave us past the end: show the last page instead of nothing.
        const lastPage = Math.ceil(answer.total / config.pageSize);
        if (answer.items.length === 0 && answer.total > 0 && page > lastPage) {
          set({ page: lastPage });
          return await get().load();
        }
        set({ items: answer.items, total: answer.total, totalIsLowerBound: answer.totalIsLowerBound === true, totals: config.totalsOf?.(answer) ?? null, status: 'ready' });
      } catch (error) {
        if (signal.aborted) return;
        set({ items: [], total: 0, totalIsLowerBound: false, totals: null, status: 'error', error: config.errorText(error) });
      } finally {
        request.finish(signal);
      }
    },

    cancel: () => request.cancel(),

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
      request.cancel();
      set(blank());
    },
  }));
}

export type ListStore<F extends object, T, X = never> = ReturnType<typeof createListStore<F, T, X>>;
