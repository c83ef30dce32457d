import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createListStore, type ListConfig, type ListState, type PageAnswer } from './list-store';

/**
 * A paged list owned by one mounted screen (products, expenses, a product's buyers): the same
 * store as the module-level lists, created for this screen, loaded whenever its filters or page
 * change and abandoned when the screen closes. The config is read at each request, so it may use
 * the screen's current props.
 */
export function useList<F extends object, T, X = never, A extends PageAnswer<T> = PageAnswer<T>>(config: ListConfig<F, T, X, A>): ListState<F, T, X> {
  const latest = useRef(config);
  latest.current = config;
  const [store] = useState(() =>
    createListStore<F, T, X, A>({
      initialFilters: config.initialFilters,
      pageSize: config.pageSize,
      fetchPage: (request) => latest.current.fetchPage(request),
      errorText: (error) => latest.current.errorText(error),
      totalsOf: (answer) => latest.current.totalsOf?.(answer) ?? null,
    }),
  );
  const state = useStore(store);
  // Shown as loading from the first paint, not 'idle' until the effect has run.
  const shown = state.status === 'idle' ? { ...state, status: 'loading' as const } : state;

  useEffect(() => {
    void store.getState().load();
  }, [store, state.filters, state.page]);

  useEffect(() => () => store.getState().cancel(), [store]);

  return shown;
}
