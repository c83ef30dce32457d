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
 * Keeps a list's filters in the URL, so a reload or a shared link shows the same list. A link or
 * back/forward (a URL this hook did not write) sets the filters; a filter picked on the screen is
 * written to the URL (replacing the entry: typing a search must not fill the history). A visit
 * without any filter in its URL keeps the filters the list still holds from the last visit, and
 * shows them in the URL. The router applies a written URL a little later, so until it shows up the
 * URL still read is not taken for a newer one (that would undo the filter just picked).
 */
export function useFiltersInUrl<F>(filters: F, setFilters: (filters: F) => void, codec: FiltersUrlCodec<F>): void {
  const [params, setParams] = useSearchParams();
  const fromUrl = canonical(codec.keys.map((k) => [k, params.get(k) ?? '']));
  const fromFilters = canonical(Object.entries(codec.toParams(filters)).map(([k, v]) => [k, v ?? '']));
  /** The URL's filters as last seen (null: not yet), and those written but not seen back yet. */
  const seen = useRef<string | null>(null);
  const written = useRef<string[]>([]);

  useEffect(() => {
    const write = (value: string) => {
      written.current.push(value);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of codec.keys) next.delete(key);
          for (const [key, v] of new URLSearchParams(value)) next.set(key, v);
          return next;
        },
        { replace: true },
      );
    };
    const first = seen.current === null;
    if (first || fromUrl !== seen.current) {
      seen.current = fromUrl;
      const echo = written.current.indexOf(fromUrl);
      if (echo !== -1) written.current.splice(0, echo + 1);
      // a link (or the first visit with filters in its address) sets the list's filters
      else if (fromUrl !== fromFilters && (!first || fromUrl !== '')) {
        written.current = [];
        setFilters(codec.fromParams(new URLSearchParams(fromUrl)));
        return;
      }
    }
    if (fromFilters !== fromUrl && written.current.at(-1) !== fromFilters) write(fromFilters);
  }, [fromUrl, fromFilters, setFilters, setParams, codec]);
}
