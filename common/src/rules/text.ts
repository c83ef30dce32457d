/**
 * Text that PostgreSQL can store. A `text` column cannot hold NUL (U+0000): the driver's insert
 * fails and the whole request with it. A lone UTF-16 surrogate (half of an emoji, say) is not
 * Unicode at all and cannot be encoded as UTF-8: drivers silently turn it into U+FFFD, and JSON
 * columns refuse it. Both are refused where a person types (with a message naming the field),
 * and dropped where text arrives that nobody can retype (a customer's WhatsApp message).
 */

// no `u` flag: the pattern works on UTF-16 code units, which is where a lone surrogate lives
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');
const LONE_SURROGATE_ALL = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** True when the text holds a character PostgreSQL text cannot store (NUL, a lone surrogate). */
export function hasUnstorableCharacters(value: string): boolean {
  return UNSTORABLE.test(value);
}

/** The text without what PostgreSQL cannot store: NUL dropped, a lone surrogate shown as U+FFFD (�) as every UTF-8 decoder does. */
export function storableText(value: string): string {
  return value.replace(/\u0000/g, '').replace(LONE_SURROGATE_ALL, '\ufffd');
}

/** The text with every unstorable character removed (for searches: it matches nothing anyway). */
export function withoutUnstorableCharacters(value: string): string {
  return value.replace(UNSTORABLE_ALL, '');
}

/** The message that refuses such text, naming the field as the API names it. */
export function unstorableTextMessage(field: string | undefined): string {
  return `${field ? echoInput(field, 60, false) : 'The request'} contains characters that are not allowed (such as a NUL byte).`;
}

/** At most this many characters of someone's input are repeated in an error message. */
export const ECHO_MAX_CHARS = 60;

/**
 * Someone's input as an error message repeats it: quoted, and cut after `max` characters (a
 * 10,000-character value must not come back in full, in every log line and toast). Cuts between
 * whole characters, never inside an emoji.
 */
export function echoInput(value: unknown, max: number = ECHO_MAX_CHARS, quote = true): string {
  const chars = Array.from(String(value));
  const text = chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
  return quote ? `"${text}"` : text;
}
