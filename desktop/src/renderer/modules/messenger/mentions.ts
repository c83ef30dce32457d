import { foldForSearch, type NoteMention } from '@crm/common';

/** A colleague who can be mentioned in a note. */
export type Colleague = { _id: string; name: string };

/** How many colleagues the autocomplete lists at once. */
export const MENTION_OPTIONS_MAX = 8;

/**
 * The `@word` being typed just before the caret: where its `@` is and what follows it. An `@`
 * counts only at the start or after a space (an e-mail address is no mention).
 */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([^\s@]{0,30})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]! };
}

/** Colleagues whose name holds the query, Arabic letter forms and case folded ("احمد" finds "أحمد"). */
export function matchingColleagues(colleagues: Colleague[], query: string): Colleague[] {
  const folded = foldForSearch(query);
  return colleagues.filter((c) => !folded || foldForSearch(c.name).includes(folded)).slice(0, MENTION_OPTIONS_MAX);
}

/** The picked colleagues whose `@name` is still in the text: the ones the note mentions. */
export function mentionedIds(text: string, picked: Colleague[]): string[] {
  return [...new Set(picked.filter((c) => text.includes(`@${c.name}`)).map((c) => c._id))];
}

/** A run of a note's text: plain, or a colleague's `@name` the note mentions. */
export type NotePart = { text: string; mention?: NoteMention };

/**
 * A note's text cut at each `@name` of the colleagues it mentions, so the bubble can mark them.
 * Longer names first: "@Sara Salem" is not cut short at a colleague named "Sara".
 */
export function noteParts(body: string, mentions: NoteMention[]): NotePart[] {
  const named = [...mentions].filter((m) => m.name).sort((a, b) => b.name.length - a.name.length);
  if (!named.length) return [{ text: body }];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`@(${named.map((m) => escape(m.name)).join('|')})`, 'gu');
  const parts: NotePart[] = [];
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: body.slice(last, match.index) });
    parts.push({ text: match[0], mention: named.find((m) => m.name === match[1]) });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
