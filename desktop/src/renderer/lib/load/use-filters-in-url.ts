import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** How a list's filters are written in its URL, and read back (every filter: what is absent takes its empty value). */
export interface FiltersUrlCodec<F> {
  /** The URL keys the filters own (others, e.g. a chat's `contactId`, are left alone). */
  keys: readonly string[];
  /** The filters as URL values; empty ones are left out. */
  toParams: (filters: F) => Record<string, string | null | undefined>;
  fromParams: (params: URLSearchParams) => F;
}

const canonical = (entries: [string, string][]) => new URLSearchParams(entries.filter(([, v]) => v !== '').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();

/**
 * Keeps a list's filters in the URL, so a reload or a shared link shows the same list. Whichever
 * side moved since the two last agreed wins: a link or back/forward (the URL) sets the filters; a
 * filter picked on the screen is written to the URL (replacing the entry: typing a search must not
 * fill the history). A visit without any filter in its URL keeps the filters the list still holds
 * from the last visit, and shows them in the URL.
 */
export function useFiltersInUrl<F>(filters: F, setFilters: (filters: F) => void, codec: FiltersUrlCodec<F>): void {
  const [params, setParams] = useSearchParams();
  const fromUrl = canonical(codec.keys.map((k) => [k, params.get(k) ?? '']));
  const fromFilters = canonical(Object.entries(codec.toParams(filters)).map(([k, v]) => [k, v ?? '']));
  const agreed = useRef<string | null>(null);

  useEffect(() => {
    const last = agreed.current;
    if (fromUrl === fromFilters) {
      agreed.current = fromUrl;
      return;
    }
    const urlMoved = last === null ? fromUrl !== '' : fromUrl !== last;
    if (urlMoved) {
      agreed.current = fromUrl;
      setFilters(codec.fromParams(new URLSearchParams(fromUrl)));
      return;
    }
    agreed.current = fromFilters;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of codec.keys) next.delete(key);
        for (const [key, value] of new URLSearchParams(fromFilters)) next.set(key, value);
        return next;
      },
      { replace: true },
    );
  }, [fromUrl, fromFilters, setFilters, setParams, codec]);
}
