import { Injectable } from '@nestjs/common';
import type { ContactImportResult, ImportSkipReason, ImportSkippedRow } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import { ApiError } from '../../platform/http/api-error.js';
import { canSeeContact } from './contact-access.js';
import { ContactCreation, type ContactDraft, type CreatedContact } from './contact-creation.service.js';
import { LeadAssignmentNotices } from './lead-assignment-notices.js';
import { ContactsRepository, type FillBlanksRow } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { ContactsWorkerPool } from './contacts-worker.pool.js';

/** The English text of each skip reason (the renderer words it from the code). */
const SKIP_REASONS: Record<ImportSkipReason, string> = {
  nothing_to_fill: 'Already a contact; the row had nothing to add to it',
  assigned_elsewhere: 'Already a contact, assigned to someone else',
  created_meanwhile: 'Someone added this phone while the file was being imported',
};

export type UploadedImportFile = { originalname: string; buffer: Buffer; size: number };

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
 * created through ContactCreation (first stage-history row, assignment rule): assigned to the
 * importing sales user, or, when an admin imports, dealt by the company's lead distribution
 * (round-robin in turn, or unassigned under the manual strategy).
 *
 * Reading the file and the per-row checks (phone normalisation of 10,000 rows takes about a second
 * of CPU) run in the contacts worker pool, behind caps on unpacked size and cell length; only the
 * database work runs here, in batches.
 */
@Injectable()
export class ContactsImportService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly service: ContactsService,
    private readonly clock: Clock,
    private readonly workers: ContactsWorkerPool,
    private readonly creation: ContactCreation,
    private readonly leadNotices: LeadAssignmentNotices,
  ) {}

  async import(actor: TenantActor, file: UploadedImportFile | undefined): Promise<ContactImportResult> {
    if (!file) throw ApiError.badRequest('Choose a file to import (.xlsx, .xls or .csv) in the field "file".', 'file').withCode('contact.import_file_missing');
    const country = await this.db.tenant(actor.tenantId, (tx) => this.service.defaultCountry(tx, actor));
    const { total, valid, rejected } = await this.workers.readImport(file.buffer, file.originalname, country);
    const now = this.clock.now();

    let inserted: CreatedContact[] = [];
    const result = await retryOnDeadlock(() => this.db.tenant(actor.tenantId, async (tx) => {
      const existing = new Map((await this.contacts.findByPhones(tx, actor.tenantId, valid.map((v) => v.phone))).map((c) => [c.phone, c]));
      const toCreate: ContactDraft[] = [];
      const rowOfDraft: number[] = [];
      const toFill: FillBlanksRow[] = [];
      const skippedRows: ImportSkippedRow[] = [];
      const skip = (row: number, code: ImportSkipReason) => skippedRows.push({ row, code, reason: SKIP_REASONS[code] });
      for (const v of valid) {
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

      inserted = await this.creation.createContacts(tx, actor.tenantId, toCreate, { source: 'import', at: now, actor, skipExisting: true });
      // drafts someone else created meanwhile were left out
      const createdIndexes = new Set(inserted.map((c) => c.index));
      rowOfDraft.forEach((row, index) => createdIndexes.has(index) || skip(row, 'created_meanwhile'));
      skippedRows.sort((a, b) => a.row - b.row);
      const skipped = skippedRows.length;
      await this.contacts.fillBlanks(tx, actor.tenantId, toFill, now);

      const created = inserted.length;
      const updated = toFill.length;
      const message = `Import finished: ${created} created, ${updated} updated, ${skipped} skipped, ${rejected.length} rejected.`;
      return { message, total, created, updated, skipped, skippedRows, rejected };
    }));
    await this.leadNotices.announce(actor.tenantId, actor.userId, inserted);
    return result;
  }
}
