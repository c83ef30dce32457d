import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Database } from '../../platform/db/database.js';
import { ContactLexiconRepository } from './contact-lexicon.repository.js';

const HOUR = 3_600_000;
/** Renames and deletions leave a few stale words a day: a pass every few hours keeps the lexicon close to its contacts. */
const PRUNE_EVERY_MS = 6 * HOUR;
/** Not in the start-up rush (sessions reconnecting, left-over sends). */
const FIRST_PASS_AFTER_MS = 10 * 60_000;
/** Words per transaction: a writer of the company waits at most one chunk (a few milliseconds). */
export const CHUNK_WORDS = 1_000;

/**
 * Takes out of the lexicon (contact_search_lexicon) the words no contact has any more: a deleted
 * contact's, a renamed one's old name. Stale words find nothing, but a fragment in more than
 * MAX_LEXICON_WORDS of them sends a search to the slower folded-text path, so a company that renames
 * and deletes a lot would see its searches slow down over the months. Each instance runs a pass
 * every PRUNE_EVERY_MS; two passes at once are harmless (the lock serialises their chunks).
 */
@Injectable()
export class ContactLexiconPruner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ContactLexicon');
  private timer?: NodeJS.Timeout;
  private closing = false;
  private running?: Promise<number>;

  constructor(
    private readonly db: Database,
    private readonly repo: ContactLexiconRepository,
  ) {}

  onApplicationBootstrap() {
    this.timer = setTimeout(() => {
      void this.pruneAll();
      this.timer = setInterval(() => void this.pruneAll(), PRUNE_EVERY_MS).unref();
    }, FIRST_PASS_AFTER_MS).unref();
  }

  async beforeApplicationShutdown() {
    this.closing = true;
    clearTimeout(this.timer); // the first pass's timeout or the interval: Node clears either
    await this.running;
  }

  /** One pass over every company; the number of words taken out. Never rejects. */
  pruneAll(): Promise<number> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  /** A company's stale words, chunk by chunk; the number taken out. */
  async prune(tenantId: string): Promise<number> {
    let pruned = 0;
    for (let after = ''; !this.closing;) {
      const chunk = await this.db.tenant(tenantId, (tx) => this.repo.pruneChunk(tx, tenantId, after, CHUNK_WORDS));
      pruned += chunk.pruned;
      if (chunk.last === null) break;
      after = chunk.last;
    }
    return pruned;
  }

  private async pass(): Promise<number> {
    let pruned = 0;
    try {
      const companies = await this.db.platform((tx) => this.repo.companiesWithWords(tx));
      for (const tenantId of companies) {
        if (this.closing) break;
        pruned += await this.prune(tenantId);
      }
      if (pruned) this.logger.log(`${pruned} words of contacts since renamed or deleted left the search lexicon`);
    } catch (err) {
      if (!this.closing) this.logger.error(`pruning the search lexicon failed: ${err instanceof Error ? err.stack : err}`);
    }
    return pruned;
  }
}
