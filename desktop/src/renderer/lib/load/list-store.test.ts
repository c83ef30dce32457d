import { describe, expect, it, vi } from 'vitest';
import { createListStore, type PageRequest } from './list-store';

/** A fetchPage whose answers the test releases one by one, in any order. */
function pendingPages() {
  const calls: { request: PageRequest<{ q: string }>; answer: (items: string[], total?: number) => void; fail: (error: Error) => void }[] = [];
  const fetchPage = (request: PageRequest<{ q: string }>) =>
    new Promise<{ items: string[]; total: number; sum: number }>((resolve, reject) => {
      calls.push({ request, answer: (items, total = items.length) => resolve({ items, total, sum: items.length * 10 }), fail: reject });
    });
  return { calls, fetchPage };
}

const storeWith = (fetchPage: ReturnType<typeof pendingPages>['fetchPage']) =>
  createListStore<{ q: string }, string, number, { items: string[]; total: number; sum: number }>({
    initialFilters: { q: '' },
    pageSize: 2,
    fetchPage,
    errorText: (error) => `failed: ${(error as Error).message}`,
    totalsOf: (answer) => answer.sum,
  });

describe('list store', () => {
  it('loads the page with the filters, and keeps the totals', async () => {
    const { calls, fetchPage } = pendingPages();
    const store = storeWith(fetchPage);
    store.getState().setFilters({ q: 'oud' });
    const loading = store.getState().load();
    expect(store.getState().status).toBe('loading');
    expect(calls[0]!.request).toMatchObject({ filters: { q: 'oud' }, page: 1, limit: 2 });
    calls[0]!.answer(['a', 'b'], 5);
    await loading;
    expect(store.getState()).toMatchObject({ items: ['a', 'b'], total: 5, totals: 20, status: 'ready', error: null });
  });

  it('drops an older answer that arrives after a newer request started', async () => {
    const { calls, fetchPage } = pendingPages();
    const store = storeWith(fetchPage);
    const first = store.getState().load();
    store.getState().setFilters({ q: 'musk' });
    const second = store.getState().load();
    expect(calls[0]!.request.signal.aborted).toBe(true);
    calls[1]!.answer(['musk']);
    await second;
    calls[0]!.answer(['stale']);
    await first;
    expect(store.getState().items).toEqual(['musk']);
    expect(store.getState().status).toBe('ready');
  });

  it('shows the failure, clears the rows, and loads again on retry', async () => {
    const { calls, fetchPage } = pendingPages();
    const store = storeWith(fetchPage);
    const loading = store.getState().load();
    calls[0]!.fail(new Error('offline'));
    await loading;
    expect(store.getState()).toMatchObject({ items: [], total: 0, totals: null, status: 'error', error: 'failed: offline' });
    const retry = store.getState().load();
    calls[1]!.answer(['a']);
    await retry;
    expect(store.getState()).toMatchObject({ items: ['a'], status: 'ready', error: null });
  });

  it('goes back to page 1 and clears the selection on a filter change, not on the same value', () => {
    const store = storeWith(pendingPages().fetchPage);
    store.getState().setPage(3);
    store.getState().setSelected(['x', 'y'], true);
    store.getState().setFilters({ q: '' });
    expect(store.getState()).toMatchObject({ page: 3, selected: ['x', 'y'] });
    store.getState().setFilters({ q: 'oud' });
    expect(store.getState()).toMatchObject({ page: 1, selected: [] });
  });

  it('shows the last page when rows deleted elsewhere left the current one past the end', async () => {
    const fetchPage = vi.fn(async ({ page }: PageRequest<{ q: string }>) => (page === 3 ? { items: [], total: 3, sum: 0 } : { items: ['c'], total: 3, sum: 10 }));
    const store = storeWith(fetchPage);
    store.getState().setPage(3);
    await store.getState().load();
    expect(fetchPage.mock.calls.map(([request]) => request.page)).toEqual([3, 2]);
    expect(store.getState()).toMatchObject({ page: 2, items: ['c'], status: 'ready' });
  });

  it('forgets filters and rows on reset, abandoning the running request', async () => {
    const { calls, fetchPage } = pendingPages();
    const store = storeWith(fetchPage);
    store.getState().setFilters({ q: 'oud' });
    const loading = store.getState().load();
    store.getState().reset();
    expect(calls[0]!.request.signal.aborted).toBe(true);
    calls[0]!.answer(['late']);
    await loading;
    expect(store.getState()).toMatchObject({ filters: { q: '' }, page: 1, items: [], status: 'idle' });
  });
});
