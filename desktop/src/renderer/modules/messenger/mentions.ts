import { foldForSearch } from '@crm/common';

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
