import { phoneSearchDigits, toLatinDigits } from './phone.js';

/**
 * Message search folds text the same way on both sides: the backend stores every message's folded
 * text (messages.search_text) and folds the query alike; the renderer folds to highlight the
 * matching words. Folding keeps one output character per input character (or none), so a match
 * in the folded text maps back to the original for highlighting.
 *
 * Arabic: the alef forms (أ إ آ ٱ) read as ا, alef maqsura ى as ي, taa marbuta ة as ه, and the
 * diacritics (tashkeel) and tatweel are dropped, so "احمد" finds "أحمد". Other scripts are
 * lower-cased; Arabic-Indic digits become 0-9.
 */

/** Dropped: Arabic marks, tashkeel, superscript alef, tatweel and Quranic marks (all in the BMP). */
const isDropped = (c: number) => (c >= 0x0610 && c <= 0x061a) || (c >= 0x064b && c <= 0x065f) || c === 0x0670 || c === 0x0640 || (c >= 0x06d6 && c <= 0x06ed);
const REPLACED: Record<string, string> = {
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ
  '\u0649': '\u064a', // ى → ي
  '\u06cc': '\u064a', // Persian yeh → ي
  '\u0629': '\u0647', // ة → ه
};
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * One character (code point) folded: '' when dropped. By code ranges, not regular expressions:
 * every inbound message and reply is folded, and a regex per character was a visible share of the
 * messenger's CPU at thousands of messages a second.
 */
function foldChar(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c < 0x80) return c >= 0x41 && c <= 0x5a ? String.fromCharCode(c + 0x20) : ch;
  if (isDropped(c)) return '';
  const replaced = REPLACED[ch];
  if (replaced) return replaced;
  if (c >= 0x0660 && c <= 0x0669) return String.fromCharCode(c - 0x0660 + 0x30);
  if (c >= 0x06f0 && c <= 0x06f9) return String.fromCharCode(c - 0x06f0 + 0x30);
  // per character, as the highlighter maps it back (a whole-string lower case is context-sensitive: Greek final sigma)
  return ch.toLowerCase();
}

/** The folded text, with, for each folded UTF-16 unit, the index of the original one it came from. */
export function foldWithOrigins(text: string): { folded: string; origins: number[] } {
  let folded = '';
  const origins: number[] = [];
  let index = 0;
  for (const ch of text) {
    const out = foldChar(ch);
    for (let i = 0; i < out.length; i++) origins.push(index);
    folded += out;
    index += ch.length;
  }
  return { folded, origins };
}

/** Text folded for search (see above). */
export function foldForSearch(text: string): string {
  // plain ASCII (most messages) folds to its lower case: no per-character work, no origins
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  let folded = '';
  for (const ch of text) folded += foldChar(ch);
  return folded;
}

/** Runs of at least 6 digits however written (+20 100 123 4567, 0100-123-4567), digits only. */
function phoneDigitRuns(text: string): string[] {
  const runs = toLatinDigits(text).match(/\+?\d[\d\s\-().]{4,}\d/g) ?? [];
  return runs.map((run) => run.replace(/\D/g, '')).filter((digits) => digits.length >= 6);
}

/**
 * What a message is found by: its text or caption and its file name, folded, then the digit runs
 * it holds as bare digits (a phone number written with spaces is found by its digits).
 */
export function messageSearchText(message: { body?: string | null; mediaFileName?: string | null }): string | null {
  const parts = [message.body, message.mediaFileName].filter((p): p is string => !!p && p.trim() !== '');
  if (!parts.length) return null;
  const digits = parts.flatMap(phoneDigitRuns);
  return [...parts.map(foldForSearch), ...digits].join('\n');
}

/** The shortest query searched: shorter ones match almost everything and use no index. */
export const MESSAGE_SEARCH_MIN_CHARS = 2;

/**
 * The words every match must contain, folded. A query that looks like a phone number is one
 * word: its digits without the trunk 0, so 01001234567 finds +20 100 123 4567.
 */
export function messageSearchTerms(query: string): string[] {
  const digits = phoneSearchDigits(query);
  if (digits && digits.length >= 6) return [digits];
  return foldForSearch(query)
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .filter((word, i, all) => all.indexOf(word) === i);
}

export type TextRange = { start: number; end: number };

/** Where the query's words appear in the original text (for highlighting), sorted and merged. */
export function searchHighlights(text: string, query: string): TextRange[] {
  const { folded, origins } = foldWithOrigins(text);
  const ranges: TextRange[] = [];
  for (const term of messageSearchTerms(query)) {
    if (/^\d+$/.test(term)) {
      ranges.push(...digitRanges(text, term));
      continue;
    }
    let at = folded.indexOf(term);
    while (at !== -1) {
      const last = at + term.length - 1;
      ranges.push({ start: origins[at], end: origins[last] + codeUnitsAt(text, origins[last]) });
      at = folded.indexOf(term, at + term.length);
    }
  }
  return merge(ranges);
}

function codeUnitsAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xd800 && code <= 0xdbff ? 2 : 1;
}

/** The original span of a digit run that holds the digits, however they are separated. */
function digitRanges(text: string, digits: string): TextRange[] {
  const latin = toLatinDigits(text);
  const ranges: TextRange[] = [];
  for (const match of latin.matchAll(/\+?\d[\d\s\-().]*\d|\d/g)) {
    const only: number[] = [];
    for (let i = 0; i < match[0].length; i++) if (/\d/.test(match[0][i])) only.push(match.index + i);
    const at = only
      .map((i) => latin[i])
      .join('')
      .indexOf(digits);
    if (at !== -1) ranges.push({ start: only[at], end: only[at + digits.length - 1] + 1 });
  }
  return ranges;
}

function merge(ranges: TextRange[]): TextRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: TextRange[] = [];
  for (const r of sorted) {
    const last = out.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
