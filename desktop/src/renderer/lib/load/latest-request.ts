/**
 * One request at a time for one screen's data: starting a new one abandons the one before, so an
 * older answer (a slower page, a filter the user already changed) never replaces a newer one.
 */
export function latestRequest() {
  let current: AbortController | null = null;
  return {
    /** Abandons the request still running, if any, and returns the new one's signal. */
    start(): AbortSignal {
      current?.abort();
      current = new AbortController();
      return current.signal;
    },
    /** The request of `signal` is over: forget it unless a newer one has started since. */
    finish(signal: AbortSignal): void {
      if (current?.signal === signal) current = null;
    },
    /** Abandons the running request (the screen closed, the user signed out). */
    cancel(): void {
      current?.abort();
      current = null;
    },
  };
}

/** Where a screen's data is: not asked for yet, on its way, shown, or failed (with a text and a retry). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
