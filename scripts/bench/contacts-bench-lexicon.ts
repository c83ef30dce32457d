import type { INestApplication } from '@nestjs/common';
import { ContactLexiconRepository } from '../../backend/src/modules/contacts/contact-lexicon.repository.js';
import { CHUNK_WORDS } from '../../backend/src/modules/contacts/contact-lexicon-pruner.js';
import { Database } from '../../backend/src/platform/db/database.js';
import { withClient } from './bench-database.js';
import type { Result } from './contacts-bench-timing.js';

/** Words of contacts since renamed or deleted, put in the big company's lexicon for the pruner to take out. */
const STALE_WORDS = Number(process.env.BENCH_STALE_WORDS ?? 50_000);

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

/**
 * The lexicon pruner on the big company: each chunk holds the company's lexicon lock, so a contact
 * saved meanwhile waits for at most one chunk. Times the chunks of a pass over STALE_WORDS stale
 * words (in the pruner's own chunk size), and the same `save` before and during the pass.
 */
export async function timeLexiconPruning(app: INestApplication, databaseUrl: string, tenantId: string, save: () => Promise<void>): Promise<Result[]> {
  const alone: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    await save();
    alone.push(performance.now() - t0);
  }
  // letters only, as the words of a name are
  await withClient(databaseUrl, (c) =>
    c.query(
      `insert into contact_search_lexicon (tenant_id, word)
       select $1, 'stale' || translate(md5(i::text), '0123456789', 'ghijklmnop') from generate_series(1, $2) i on conflict do nothing`,
      [tenantId, STALE_WORDS],
    ),
  );
  const db = app.get(Database);
  const repo = app.get(ContactLexiconRepository);
  const chunks: number[] = [];
  const during: number[] = [];
  let pruning = true;
  const saving = (async () => {
    while (pruning) {
      const t0 = performance.now();
      await save();
      during.push(performance.now() - t0);
    }
  })();
  const started = performance.now();
  let pruned = 0;
  let words = 0;
  for (let after = ''; ;) {
    const t0 = performance.now();
    const chunk = await db.tenant(tenantId, (tx) => repo.pruneChunk(tx, tenantId, after, CHUNK_WORDS));
    chunks.push(performance.now() - t0);
    pruned += chunk.pruned;
    if (chunk.last === null) break;
    words += CHUNK_WORDS;
    after = chunk.last;
  }
  const pass = performance.now() - started;
  pruning = false;
  await saving;
  return [
    {
      name: `Lexicon pruning, one chunk of ${CHUNK_WORDS.toLocaleString('en-US')} words`,
      p50: percentile(chunks, 0.5),
      p95: percentile(chunks, 0.95),
      note: `${pruned.toLocaleString('en-US')} of about ${words.toLocaleString('en-US')} words taken out in ${chunks.length} chunks, the pass ${pass.toFixed(0)} ms`,
    },
    { name: 'Create a contact (POST /contacts)', p50: percentile(alone, 0.5), p95: percentile(alone, 0.95), note: `${alone.length} calls, nothing else running` },
    { name: 'Create a contact while the lexicon is pruned', p50: percentile(during, 0.5), p95: percentile(during, 0.95), note: `${during.length} calls during the pass` },
  ];
}
