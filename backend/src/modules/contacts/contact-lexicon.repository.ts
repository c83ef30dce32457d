import { Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';

/** One pass of the pruner over a run of a company's lexicon, in word order. */
export type PrunedChunk = { last: string | null; pruned: number };

/**
 * The lexicon's upkeep: the words no contact of the company has any more. The lock is the one the
 * contacts' words trigger takes shared (migration 0050): taken exclusive, it waits for the writers
 * in flight, whose words then count, and holds new ones off until this chunk commits.
 */
@Injectable()
export class ContactLexiconRepository {
  /** The companies with words, from the lexicon's key alone (one index probe per company). */
  async companiesWithWords(tx: PlatformTx): Promise<string[]> {
    const result = await tx.execute(sql`
      with recursive t(tenant_id) as (
        (select tenant_id from contact_search_lexicon order by tenant_id limit 1)
        union all
        select (select l.tenant_id from contact_search_lexicon l where l.tenant_id > t.tenant_id order by l.tenant_id limit 1)
        from t where t.tenant_id is not null)
      select tenant_id from t where tenant_id is not null`);
    return (result as unknown as { rows: { tenant_id: string }[] }).rows.map((r) => r.tenant_id);
  }

  /** Removes, of the `limit` words after `after`, those no contact has; `last` is null past the end. */
  async pruneChunk(tx: TenantTx, tenantId: string, after: string, limit: number): Promise<PrunedChunk> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact-lexicon:' || ${tenantId}::uuid::text))`);
    // a statement of its own: its snapshot is taken after the lock, so it sees every writer that held it
    const result = await tx.execute(sql`
      with chunk as (select word from contact_search_lexicon where tenant_id = ${tenantId} and word > ${after} order by word limit ${limit}),
      gone as (
        delete from contact_search_lexicon l using chunk c
        where l.tenant_id = ${tenantId} and l.word = c.word
          and not exists (select 1 from contact_search_words w where w.tenant_id = ${tenantId} and w.word = c.word)
        returning 1)
      select (select max(word) from chunk) as last, (select count(*)::int from gone) as pruned`);
    const [row] = (result as unknown as { rows: PrunedChunk[] }).rows;
    return { last: row.last, pruned: Number(row.pruned) };
  }
}
