import { sql, type SQL } from 'drizzle-orm';
import { LID_PHONE_PREFIX, USER_ID_PHONE_PREFIX } from '@crm/common';
import { containsPattern } from '../../platform/db/contains-pattern.js';
import { walkingMatch } from '../../platform/db/walking-match.js';
import { contacts } from './contacts.table.js';

/**
 * The company's contacts as the search index sees them: the view contacts_search (migration 0041),
 * named "contacts" so the lists' WHERE and ORDER BY read it unchanged. Reading it, PostgreSQL may
 * use the company's trigram index for LIKE; reading the table, row-level security keeps it from
 * any index for LIKE (not leakproof), so it walks the list's own index in order instead.
 */
export const contactsSearchView = sql`contacts_search as ${contacts}`;

/** A newline in a query counts as a space, as it does in the folded text (contacts.search_text). */
const oneLine = (q: string) => q.replace(/\n/g, ' ');

/**
 * Name or email contains `q` (case-insensitively), or the phone contains `phoneDigits`. The folded
 * text is "digits⏎name⏎email" (contacts.table.ts): the words are looked for after the first line
 * break, the digits before the last two, so neither matches the other's part. A placeholder phone
 * (`lid:…`, `user:…`: no number known yet) is no number, and its WhatsApp id's digits find nothing.
 */
export function contactSearchCondition(q: string, phoneDigits?: string, walk = false): SQL {
  const words = sql`${contacts.searchText} like lower(${`%\n${containsPattern(oneLine(q))}`})`;
  const digits = sql`(${contacts.searchText} like ${`${containsPattern(phoneDigits ?? '')}\n%\n%`} and ${realPhone(contacts.phone)})`;
  const condition = phoneDigits ? sql`(${words} or ${digits})` : words;
  return walk ? walkingMatch(condition) : condition;
}

/** The phone is a number, not a placeholder (contact-phone.ts in common). */
export const realPhone = (phone: SQL | typeof contacts.phone): SQL => sql`${phone} not like ${`${LID_PHONE_PREFIX}%`} and ${phone} not like ${`${USER_ID_PHONE_PREFIX}%`}`;
