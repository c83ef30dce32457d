import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * Every word of every contact's name and email (the runs between separators, common's
 * SEARCH_WORD_SEPARATORS), with what the lists filter and order on: a one-word search counts its
 * matches and walks them newest first in one index, reading no contact row (contact-word-search.ts).
 * Kept by statement triggers on contacts (migration 0049); never written by the app.
 */
export const contactSearchWords = pgTable(
  'contact_search_words',
  {
    // no foreign keys: their checks run per row, and the contacts' delete trigger removes the words
    tenantId: tenantIdColumn(),
    word: text('word').notNull(),
    createdAt: timestampColumn('created_at').notNull(),
    contactId: uuid('contact_id').notNull(),
    stage: text('stage').notNull(),
    assignedTo: uuid('assigned_to'),
    isArchived: boolean('is_archived').notNull(),
  },
  (t) => [
    // the filters trail the key so a list's search (leads, a rep's own, the customers) is index-only
    index('contact_search_words_walk_idx').on(t.tenantId, t.word, t.createdAt.desc(), t.contactId.desc(), t.stage, t.isArchived, t.assignedTo),
    ...tenantPolicies('contact_search_words'),
  ],
);

/**
 * The distinct words of each company's contacts: what a typed fragment may be part of, found
 * through its trigram index (the view contact_lexicon_search), then looked up in
 * contact_search_words. Words of contacts since deleted or renamed find nothing until
 * ContactLexiconPruner takes them out (every few hours, under the lock of migration 0050).
 */
export const contactSearchLexicon = pgTable(
  'contact_search_lexicon',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.word] }), index('contact_search_lexicon_trgm_idx').using('gin', t.tenantId, sql`${t.word} gin_trgm_ops`), ...tenantPolicies('contact_search_lexicon')],
);
