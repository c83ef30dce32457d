import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoadStatus } from './latest-request';

export interface Query<T> {
  /** The last answer; kept while the next one is on its way, dropped when a request fails. */
  data: T | null;
  status: LoadStatus;
  loading: boolean;
  error: string | null;
  /** Asks again (retry, or refresh after a change). */
  reload: () => void;
  /**
   * Changes the answer shown without asking the server: a form's edits, a saved record the server
   * sent back, a live update. Nothing happens while there is no answer (loading, failed).
   */
  setData: (next: T | ((current: T) => T)) => void;
}

export interface QueryOptions {
  /** The failure as the screen shows it, in the user's language (errorMessage with the screen's key). */
  errorText: (error: unknown) => string;
  /** false: nothing is asked (no user picked yet, a closed dropdown); what was loaded stays. */
  enabled?: boolean;
}

/**
 * One request's answer for a screen (a report, a card's figures, a record): asked again whenever
 * `key` changes, an answer that arrives after a newer request started is dropped, and the request
 * is abandoned when the screen closes.
 */
export function useQuery<T>(fetch: (signal: AbortSignal) => Promise<T>, key: readonly unknown[], options: QueryOptions): Query<T> {
  const enabled = options.enabled ?? true;
  const latest = useRef({ fetch, errorText: options.errorText });
  latest.current = { fetch, errorText: options.errorText };
  const [state, setState] = useState<{ data: T | null; status: LoadStatus; error: string | null }>(() => ({ data: null, status: enabled ? 'loading' : 'idle', error: null }));
  const [round, setRound] = useState(0);
  const keyText = JSON.stringify(key);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((current) => ({ ...current, status: 'loading', error: null }));
    latest.current.fetch(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, status: 'ready', error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: null, status: 'error', error: latest.current.errorText(error) });
      },
    );
    return () => controller.abort();
  }, [enabled, keyText, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const setData = useCallback((next: T | ((current: T) => T)) => {
    setState((current) => (current.data === null ? current : { ...current, data: typeof next === 'function' ? (next as (value: T) => T)(current.data) : next }));
  }, []);
  return { ...state, loading: state.status === 'loading', reload, setData };
}
