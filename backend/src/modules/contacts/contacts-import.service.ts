import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import type { ContactImportStatus, ImportSkipReason, ImportSkippedRow } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { canSeeContact } from './contact-access.js';
import { ContactCreationService, type ContactDraft, type CreatedContact } from './contact-creation.service.js';
import { LeadAssignmentNotices } from './lead-assignment-notices.js';
import { ContactsRepository, type FillBlanksRow } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { ContactsWorkerPool } from './contacts-worker.pool.js';
import { ContactImportsRepository, type ContactImportSummary } from './contact-imports.repository.js';
import type { ValidImportRow } from './contact-import.parser.js';

/** The English text of each skip reason (the renderer words it from the code). */
const SKIP_REASONS: Record<ImportSkipReason, string> = {
  nothing_to_fill: 'Already a contact; the row had nothing to add to it',
  assigned_elsewhere: 'Already a contact, assigned to someone else',
  created_meanwhile: 'Someone added this phone while the file was being imported',
};

export type UploadedImportFile = { originalname: string; buffer: Buffer; size: number };

/** The pg-boss queue of imports: one job per import, singletonKey = the company (key_strict_fifo). */
export const CONTACT_IMPORT_QUEUE = 'contacts-import';
export type ContactImportJob = { tenantId: string; importId: string };

/**
 * Rows written per transaction. On the embedded PGlite every transaction holds the one connection:
 * a chunk of 100 rows holds it for some tens of milliseconds, and other requests run between chunks.
 */
export const IMPORT_CHUNK_ROWS = 100;

/**
 * Lead import from .xlsx, .xls or .csv (Add New Lead). The whole file is read and checked before
 * anything is written, and every write happens in one transaction: a file that cannot be read
 * writes nothing, and a failure half-way writes nothing either.
 *
 * Per row: the phone is required and normalised like a typed one; a row is rejected (with its
 * spreadsheet row number and the reason) for a missing or invalid phone, an invalid email, a text
 * too long, or a phone that an earlier row of the same file already has. A phone already in the
 * company never creates a second contact: the existing contact's EMPTY fields (name, email,
 * address, notes) are filled from the row ("updated"); nothing a user typed is overwritten, and
 * stage and assignment do not change. When there is nothing to fill, or the contact belongs to
 * someone the importing sales user cannot see, the row is "skipped". New contacts are leads,
 * created through ContactCreationService (first stage-history row, assignment rule): assigned to the
 * importing sales user, or, when an admin imports, dealt by the company's lead distribution
 * (round-robin in turn, or unassigned under the manual strategy).
 *
 * Reading the file and the per-row checks (phone normalisation of 10,000 rows takes about a second
 * of CPU) run in the contacts worker pool when the file is uploaded, behind caps on unpacked size
 * and cell length: a file that cannot be read is refused then, and nothing is written.
 *
 * The writing waits its turn: the checked rows are stored in contact_imports and a job
 * of the pg-boss queue `contacts-import` (policy key_strict_fifo, singletonKey = the company) writes
 * them, so a company's imports run one at a time in upload order, on whichever instance, and other
 * companies' imports do not wait for them; the upload answers at once with the import's status
 * (`ahead`: imports of the company before it), which the screen asks for until it is done. Rows are
 * written IMPORT_CHUNK_ROWS at a time, each chunk in its own transaction that also records
 * `processed` and the counts: on PGlite other requests run between chunks, and a restart resumes
 * after the last chunk written. A failure half-way keeps the chunks written before it (the status
 * says how many); a chunk is written whole or not at all.
 */
@Injectable()
export class ContactsImportService implements OnApplicationBootstrap {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly service: ContactsService,
    private readonly clock: Clock,
    private readonly workers: ContactsWorkerPool,
    private readonly creation: ContactCreationService,
    private readonly leadNotices: LeadAssignmentNotices,
    private readonly imports: ContactImportsRepository,
    private readonly jobs: JobQueue,
  ) {}

  private readonly logger = new Logger('ContactsImport');
  private workerId?: string;

  async onApplicationBootstrap() {
    await this.jobs.createQueue(CONTACT_IMPORT_QUEUE, {
      policy: 'key_strict_fifo',
      // a failed job would hold the company's later imports back: the handler ends every import
      // itself (done or failed) and only throws when it cannot even record that (database down)
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    });
    // two at once: one company's imports run one at a time, another company's meanwhile
    this.workerId = await this.jobs.work<ContactImportJob>(CONTACT_IMPORT_QUEUE, { pollingIntervalSeconds: 2, localConcurrency: 2 }, (job) => this.run(job.data.tenantId, job.data.importId));
  }

  /** Reads and checks the file, then queues its rows; answers the import's status. */
  async import(actor: TenantActor, file: UploadedImportFile | undefined): Promise<ContactImportStatus> {
    if (!file) throw ApiError.badRequest('Choose a file to import (.xlsx, .xls or .csv) in the field "file".', 'file').withCode('contact.import_file_missing');
    const country = await this.db.tenant(actor.tenantId, (tx) => this.service.defaultCountry(tx, actor));
    const { total, valid, rejected } = await this.workers.readImport(file.buffer, file.originalname, country);
    const created = await this.db.tenant(actor.tenantId, async (tx) => {
      const row = await this.imports.insert(tx, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        actor: { userId: actor.userId, role: actor.role, name: actor.name, email: actor.email },
        fileName: file.originalname,
        total,
        rowsCount: valid.length,
        rows: valid,
        rejected,
      });
      await this.jobs.sendInTransaction(tx, CONTACT_IMPORT_QUEUE, { tenantId: actor.tenantId, importId: row.id } satisfies ContactImportJob, { singletonKey: actor.tenantId });
      return row;
    });
    if (this.workerId) this.jobs.notifyWorker(this.workerId);
    return this.status(actor, created.id);
  }

  /** An import's status, for the user who uploaded it (and admins). */
  async status(actor: TenantActor, id: string): Promise<ContactImportStatus> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const row = await this.imports.summary(tx, actor.tenantId, id);
      if (!row || (row.userId !== actor.userId && !may(actor, 'contacts.all'))) throw ApiError.notFound('This import was not found.');
      const ahead = row.status === 'queued' ? await this.imports.ahead(tx, actor.tenantId, row.seq) : 0;
      return toStatus(row, ahead);
    });
  }

  /** The job: writes the import's rows chunk by chunk, from where an earlier run stopped. */
  private async run(tenantId: string, importId: string): Promise<void> {
    const found = await this.db.tenant(tenantId, async (tx) => {
      const row = await this.imports.lockWithRows(tx, tenantId, importId);
      if (!row || row.status === 'done' || row.status === 'failed') return undefined;
      await this.imports.start(tx, tenantId, importId, this.clock.now());
      return row;
    });
    // the company was deleted, or a repeated job finds its import ended
    if (!found) return;
    const actor: TenantActor = { kind: 'tenant', tenantId, sessionId: '', ...found.actor };
    const inserted: CreatedContact[] = [];
    try {
      for (let from = found.processed; from < found.rows.length; from += IMPORT_CHUNK_ROWS) {
        await yieldToOtherRequests();
        inserted.push(...(await this.writeChunk(actor, importId, from, found.rows.slice(from, from + IMPORT_CHUNK_ROWS))));
      }
      await this.db.tenant(tenantId, (tx) => this.imports.finish(tx, tenantId, importId, { status: 'done', now: this.clock.now() }));
    } catch (err) {
      this.logger.error({ err, tenantId, importId }, 'Import failed');
      await this.db.tenant(tenantId, (tx) =>
        this.imports.finish(tx, tenantId, importId, { status: 'failed', error: 'The import stopped because of an unexpected error. The rows written before it were kept.', now: this.clock.now() }),
      );
    } finally {
      await this.leadNotices.announce(tenantId, actor.userId, inserted);
    }
  }

  /**
   * Writes one chunk of rows and records it, in one transaction; a chunk an earlier run already
   * wrote (`processed` is past it) writes nothing.
   */
  async writeChunk(actor: TenantActor, importId: string, from: number, rows: ValidImportRow[]): Promise<CreatedContact[]> {
    const now = this.clock.now();
    return retryOnDeadlock(() =>
      this.db.tenant(actor.tenantId, async (tx) => {
        const state = await this.imports.lock(tx, actor.tenantId, importId);
        if (!state || state.processed !== from) return [];
        const existing = new Map(
          (
            await this.contacts.findByPhones(
              tx,
              actor.tenantId,
              rows.map((v) => v.phone),
            )
          ).map((c) => [c.phone, c]),
        );
        const toCreate: ContactDraft[] = [];
        const rowOfDraft: number[] = [];
        const toFill: FillBlanksRow[] = [];
        const skippedRows: ImportSkippedRow[] = [];
        const skip = (row: number, code: ImportSkipReason) => skippedRows.push({ row, code, reason: SKIP_REASONS[code] });
        for (const v of rows) {
          const found = existing.get(v.phone);
          if (!found) {
            toCreate.push({ name: v.name ?? null, phone: v.phone, email: v.email ?? null, address: v.address ?? null, notes: v.notes ?? null });
            rowOfDraft.push(v.row);
            continue;
          }
          const fill: FillBlanksRow = { id: found.id };
          if (!found.name && v.name) fill.name = v.name;
          if (!found.email && v.email) fill.email = v.email;
          if (!found.address && v.address) fill.address = v.address;
          if (!found.notes && v.notes) fill.notes = v.notes;
          if (!canSeeContact(actor, found)) skip(v.row, 'assigned_elsewhere');
          else if (Object.keys(fill).length === 1) skip(v.row, 'nothing_to_fill');
          else toFill.push(fill);
        }

        const inserted = await this.creation.createContacts(tx, actor.tenantId, toCreate, { source: 'import', at: now, actor, skipExisting: true });
        // drafts someone else created meanwhile were left out
        const createdIndexes = new Set(inserted.map((c) => c.index));
        rowOfDraft.forEach((row, index) => createdIndexes.has(index) || skip(row, 'created_meanwhile'));
        skippedRows.sort((a, b) => a.row - b.row);
        await this.contacts.fillBlanks(tx, actor.tenantId, toFill, now);
        await this.imports.recordChunk(tx, actor.tenantId, importId, { processed: from + rows.length, created: inserted.length, updated: toFill.length, skippedRows });
        return inserted;
      }),
    );
  }
}

/** The API shape of an import. */
function toStatus(row: ContactImportSummary, ahead: number): ContactImportStatus {
  const skipped = row.skippedRows.length;
  const message =
    row.status === 'done'
      ? `Import finished: ${row.created} created, ${row.updated} updated, ${skipped} skipped, ${row.rejected.length} rejected.`
      : row.status === 'failed'
        ? `Import stopped after ${row.processed} of ${row.rowsCount} rows: ${row.created} created, ${row.updated} updated, ${skipped} skipped, ${row.rejected.length} rejected.`
        : row.status === 'queued'
          ? `Waiting: ${ahead} ${ahead === 1 ? 'import' : 'imports'} ahead of yours.`
          : `Importing: ${row.processed} of ${row.rowsCount} rows written.`;
  return {
    _id: row.id,
    status: row.status as ContactImportStatus['status'],
    fileName: row.fileName,
    ahead,
    rows: row.rowsCount,
    processed: row.processed,
    result: { message, total: row.total, created: row.created, updated: row.updated, skipped, skippedRows: row.skippedRows, rejected: row.rejected },
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
