import { nameFallback } from './follow-up.js';
import { foldForSearch } from './message-search.js';

/**
 * Quick replies (canned responses) may hold blanks that are filled in from the open chat when one
 * is inserted into the message box:
 *
 * - `{name}`: the contact's name; unknown, a neutral word as follow-up steps use ("Hello" at the
 *   start of a line, "there" inside one; Arabic text gets "مرحباً" / "عميلنا العزيز");
 * - `{agent}`: the signed-in user's name;
 * - `{company}`: the company's name;
 * - `{product}`: the first product of the contact's deal; none, and the blank goes with the space
 *   beside it, so no one reads "your  order" or "undefined".
 *
 * Case and spaces inside the braces are tolerated, and `{{name}}` (the follow-up templates' way
 * of writing it) works too. Any other word in braces is not a blank and stays as typed, and so
 * does a blank whose value the caller does not know (`undefined`): the agent sees it and fills
 * it by hand rather than sending a wrong word.
 */
export const QUICK_REPLY_BLANKS = ['name', 'agent', 'company', 'product'] as const;
export type QuickReplyBlank = (typeof QUICK_REPLY_BLANKS)[number];

/** A value per blank: a string fills it (`name` may be null or blank: the neutral word); undefined leaves it as typed. */
export type QuickReplyValues = Partial<Record<QuickReplyBlank, string | null>>;

const BLANK = /\{\{\s*([a-z]+)\s*\}\}|\{\s*([a-z]+)\s*\}/gi;
const isBlank = (word: string): word is QuickReplyBlank => (QUICK_REPLY_BLANKS as readonly string[]).includes(word);
/** After an empty blank, these keep the space before it from hanging ("Hi {product}." → "Hi."). */
const CLOSES = /[\s.,!?;:،؛؟)\]]/;

/** The text with its blanks filled in (see above). */
export function fillQuickReply(text: string, values: QuickReplyValues): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(BLANK)) {
    const word = (match[1] ?? match[2]).toLowerCase();
    if (!isBlank(word) || values[word] === undefined) continue;
    const start = match.index;
    const end = start + match[0].length;
    out += text.slice(last, start);
    last = end;
    const given = values[word]?.trim();
    if (word === 'name' && !given) {
      out += nameFallback(text, start);
      continue;
    }
    if (given) {
      out += given;
      continue;
    }
    // Empty: take one space away, before the gap when what follows ends the phrase, else after it.
    const next = text[end];
    if (out.endsWith(' ') && (next === undefined || CLOSES.test(next))) out = out.slice(0, -1);
    else if ((out === '' || /\s$/.test(out)) && next === ' ') last = end + 1;
  }
  return out + text.slice(last);
}

/** The blanks a text uses (each once, in the order they first appear). */
export function quickReplyBlanksIn(text: string): QuickReplyBlank[] {
  const found = new Set<QuickReplyBlank>();
  for (const match of text.matchAll(BLANK)) {
    const word = (match[1] ?? match[2]).toLowerCase();
    if (isBlank(word)) found.add(word);
  }
  return [...found];
}

/**
 * The quick replies that match what was typed after `/`: the title or the text holds it, folded
 * as message search folds (Arabic letter forms and diacritics, case). Titles that start with it
 * come first, then titles that hold it, then texts; each group keeps the list's order.
 */
export function matchQuickReplies<T extends { title: string; text: string }>(items: readonly T[], typed: string): T[] {
  const query = foldForSearch(typed.trim());
  if (!query) return [...items];
  const rank = (item: T): number => {
    const title = foldForSearch(item.title);
    if (title.startsWith(query)) return 0;
    if (title.includes(query)) return 1;
    return foldForSearch(item.text).includes(query) ? 2 : -1;
  };
  return items
    .map((item, index) => ({ item, index, rank: rank(item) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item);
}
