import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ImportRejectedRow, ImportSkippedRow, Role } from '@crm/common';
import { createdAtColumn, idColumn, tenantIdColumn, timestampColumn } from '../../platform/db/columns.js';
import { tenantPolicies } from '../../platform/db/tenancy.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';
import type { ValidImportRow } from './contact-import.parser.js';

export type ImportActor = { userId: string; role: Role; name: string; email: string };

/**
 * One lead import: the file was read and checked when it was uploaded; its rows wait
 * here for their turn (one import at a time per company, in `seq` order, through the pg-boss queue
 * `contacts-import`) and are written in chunks, each chunk committing with `processed` and the
 * counts, so a restart resumes after the last chunk written.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: idColumn(),
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    /** The company's queue order. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who imported, as the rules of the import need them (visibility, assignment) when its turn comes. */
    actor: jsonb('actor').$type<ImportActor>().notNull(),
    /** queued → running → done | failed */
    status: text('status').notNull().default('queued'),
    fileName: text('file_name').notNull(),
    /** Data rows read (blank rows not counted). */
    total: integer('total').notNull(),
    /** How many rows passed the checks (to write). */
    rowsCount: integer('rows_count').notNull(),
    /** The rows to write, emptied once the import ends. */
    rows: jsonb('rows').$type<ValidImportRow[]>().notNull(),
    rejected: jsonb('rejected').$type<ImportRejectedRow[]>().notNull(),
    /** How many of `rows` are written. */
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skippedRows: jsonb('skipped_rows').$type<ImportSkippedRow[]>().notNull().default([]),
    error: text('error'),
    createdAt: createdAtColumn(),
    startedAt: timestampColumn('started_at'),
    finishedAt: timestampColumn('finished_at'),
  },
  (t) => [index('contact_imports_tenant_status_idx').on(t.tenantId, t.status, t.seq), ...tenantPolicies('contact_imports')],
);
