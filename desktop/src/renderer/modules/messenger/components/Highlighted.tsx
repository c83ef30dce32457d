import { searchHighlights } from '@crm/common';
import { Fragment, useMemo } from 'react';

/**
 * The text with the words of `query` marked, found the way the server finds them (the same
 * folding: Arabic letter forms and diacritics, case, phone digits in any format).
 */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const parts = useMemo(() => {
    const out: { text: string; mark: boolean }[] = [];
    let at = 0;
    for (const range of searchHighlights(text, query)) {
      if (range.start > at) out.push({ text: text.slice(at, range.start), mark: false });
      out.push({ text: text.slice(range.start, range.end), mark: true });
      at = range.end;
    }
    if (at < text.length) out.push({ text: text.slice(at), mark: false });
    return out;
  }, [text, query]);
  return <>{parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : <Fragment key={i}>{part.text}</Fragment>))}</>;
}
