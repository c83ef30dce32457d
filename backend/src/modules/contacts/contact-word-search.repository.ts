import { Injectable } from '@nestjs/common';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { boundedTotal, countCap, type BoundedTotal } from '@crm/common';
import { containsPattern } from '../../platform/db/contains-pattern.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { contactSearchWords as w } from './contact-search-words.table.js';
import { MAX_LEXICON_WORDS, isWordFragment } from './contact-word-search.js';

/** The filters a word row carries; the others need the contact, and the folded text answers them. */
type WordFilter = { tenantId: string; onlyAssignedTo?: string; assignedTo?: string; stage?: string; isArchived?: boolean };
/** A list's search as ContactQueriesRepository has it (its ContactListFilter and sort). */
type ListSearch = {
  q: string;
  phoneDigits?: string;
  createdFrom?: Date;
  createdBefore?: Date;
  pipelineStatus?: string;
  productId?: string;
  governorate?: string;
  labels?: { labelIds: readonly string[] };
};

/**
 * Whether contact_search_words can answer this search: one fragment of a word, newest or oldest
 * first, filtered only by what a word row carries (stage, assignee, archived).
 */
export function wordsAnswer(f: ListSearch, sort: { by: string }): boolean {
  return sort.by === 'createdAt' && isWordFragment(f.q) && !f.phoneDigits && !f.createdFrom && !f.createdBefore && !f.pipelineStatus && !f.productId && !f.governorate && !f.labels?.labelIds.length;
}

/**
 * A one-word search's page and total, reading no contact row. The company's words that contain
 * the fragment come from the lexicon's trigram index (the view contact_lexicon_search). One word
 * (the usual case: "hassan") is one range of contact_search_words: counted up to the cap, and
 * walked in the list's order to the page, both index-only. A few words are read together and
 * their contacts de-duplicated.
 */
@Injectable()
export class ContactWordSearchRepository {
  /** undefined when the fragment is in more than MAX_LEXICON_WORDS words (a few letters): the folded text answers it. */
  async page(tx: TenantTx, f: WordFilter & { q: string }, order: 'asc' | 'desc', offset: number, limit: number): Promise<({ ids: string[] } & BoundedTotal) | undefined> {
    const cap = countCap(offset, limit);
    const words = and(
      eq(w.tenantId, f.tenantId),
      f.onlyAssignedTo ? eq(w.assignedTo, f.onlyAssignedTo) : undefined,
      f.assignedTo === 'unassigned' ? isNull(w.assignedTo) : f.assignedTo ? eq(w.assignedTo, f.assignedTo) : undefined,
      f.stage ? eq(w.stage, f.stage) : undefined,
      f.isArchived !== undefined ? eq(w.isArchived, f.isArchived) : undefined,
    )!;
    const one = sql`${words} and ${w.word} = k.one`;
    const few = sql`${words} and ${w.word} in (select word from lex)`;
    // the walk index's order (drizzle-kit's DESC is NULLS LAST), forwards or backwards
    const inOrder = (createdAt: SQL | typeof w.createdAt, id: SQL | typeof w.contactId) =>
      order === 'asc' ? sql`${createdAt} asc nulls first, ${id} asc nulls first` : sql`${createdAt} desc nulls last, ${id} desc nulls last`;
    const result = await tx.execute(
      sql`with lex as materialized (select word from contact_lexicon_search where word like lower(${containsPattern(f.q)}) limit ${MAX_LEXICON_WORDS + 1}),
          k as materialized (select count(*)::int as n, min(word) as one from lex)
          select k.n as words,
                 case when k.n = 1 then (select count(*)::int from (select 1 from ${w} where ${one} limit ${cap}) c)
                      when k.n <= ${MAX_LEXICON_WORDS} then (select count(*)::int from (select distinct ${w.contactId} from ${w} where ${few} limit ${cap}) c)
                 end as n,
                 case when k.n = 1 then array(select ${w.contactId} from ${w} where ${one} order by ${inOrder(w.createdAt, w.contactId)} limit ${limit} offset ${offset})
                      when k.n <= ${MAX_LEXICON_WORDS} then array(select d.contact_id from (select distinct ${w.contactId}, ${w.createdAt} from ${w} where ${few}) d
                                                                 order by ${inOrder(sql`d.created_at`, sql`d.contact_id`)} limit ${limit} offset ${offset})
                 end as ids
          from k`,
    );
    const [row] = (result as unknown as { rows: { words: number; n: number | null; ids: string[] | null }[] }).rows;
    if (row.words > MAX_LEXICON_WORDS) return undefined;
    return { ids: row.ids ?? [], ...boundedTotal(Number(row.n), cap) };
  }
}
