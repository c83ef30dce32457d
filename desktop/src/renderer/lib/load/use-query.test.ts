import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useQuery } from './use-query';

/** A fetch per key whose answers the test releases, in any order. */
function pending() {
  const calls: { key: string; signal: AbortSignal; answer: (value: string) => void; fail: (error: Error) => void }[] = [];
  const fetchFor = (key: string) => (signal: AbortSignal) => new Promise<string>((resolve, reject) => calls.push({ key, signal, answer: resolve, fail: reject }));
  return { calls, fetchFor };
}

const errorText = (error: unknown) => `failed: ${(error as Error).message}`;

describe('useQuery', () => {
  it('is loading from the first paint, then shows the answer', async () => {
    const { calls, fetchFor } = pending();
    const { result } = renderHook(() => useQuery(fetchFor('a'), ['a'], { errorText }));
    expect(result.current).toMatchObject({ status: 'loading', loading: true, data: null });
    await act(async () => calls[0]!.answer('A'));
    expect(result.current).toMatchObject({ status: 'ready', loading: false, data: 'A', error: null });
  });

  it('asks again when the key changes and drops the older answer', async () => {
    const { calls, fetchFor } = pending();
    const { result, rerender } = renderHook(({ key }) => useQuery(fetchFor(key), [key], { errorText }), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => calls[1]!.answer('B'));
    await act(async () => calls[0]!.answer('A'));
    expect(result.current.data).toBe('B');
  });

  it('keeps the last answer while the next loads, drops it on failure, and retries on reload', async () => {
    const { calls, fetchFor } = pending();
    const { result } = renderHook(() => useQuery(fetchFor('a'), ['a'], { errorText }));
    await act(async () => calls[0]!.answer('A'));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ status: 'loading', data: 'A' });
    await act(async () => calls[1]!.fail(new Error('offline')));
    expect(result.current).toMatchObject({ status: 'error', data: null, error: 'failed: offline' });
    act(() => result.current.reload());
    await act(async () => calls[2]!.answer('A2'));
    expect(result.current).toMatchObject({ status: 'ready', data: 'A2', error: null });
  });

  it('asks nothing while disabled, and abandons the request when the screen closes', async () => {
    const { calls, fetchFor } = pending();
    const { result, rerender, unmount } = renderHook(({ enabled }) => useQuery(fetchFor('a'), ['a'], { errorText, enabled }), { initialProps: { enabled: false } });
    expect(result.current).toMatchObject({ status: 'idle', loading: false });
    expect(calls).toHaveLength(0);
    rerender({ enabled: true });
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });

  it('changes the answer shown without asking again, and a later answer replaces the change', async () => {
    const { calls, fetchFor } = pending();
    const { result } = renderHook(() => useQuery(fetchFor('a'), ['a'], { errorText }));
    act(() => result.current.setData('ignored'));
    expect(result.current.data).toBeNull();
    await act(async () => calls[0]!.answer('A'));
    act(() => result.current.setData((current) => `${current}+edit`));
    expect(result.current).toMatchObject({ status: 'ready', data: 'A+edit' });
    act(() => result.current.setData('saved'));
    expect(result.current.data).toBe('saved');
    expect(calls).toHaveLength(1);
    act(() => result.current.reload());
    await act(async () => calls[1]!.answer('A2'));
    expect(result.current.data).toBe('A2');
  });
});
