import { Injectable } from '@nestjs/common';
import { contactEmailSchema, normalizePhone, type ContactImportResult } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import { ApiError } from '../../platform/http/api-error.js';
import { canSeeContact } from './contact-access.js';
import { ImportFileError, readImportFile, type ImportRow } from './contact-import.parser.js';
import { ContactsRepository, type FillBlanksRow } from './contacts.repository.js';
import { ContactsService } from './contacts.service.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import type { NewContactRow } from './contacts.table.js';

export type UploadedImportFile = { originalname: string; buffer: Buffer; size: number };

const LIMITS = { name: 200, email: 320, address: 500, notes: 5000 } as const;

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
 * assigned to the importing sales user, or unassigned when an admin imports.
 */
@Injectable()
export class ContactsImportService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly service: ContactsService,
    private readonly clock: Clock,
  ) {}

  async import(actor: TenantActor, file: UploadedImportFile | undefined): Promise<ContactImportResult> {
    if (!file) throw ApiError.badRequest('Choose a file to import (.xlsx, .xls or .csv) in the field "file".', 'file');
    let rows: ImportRow[];
    try {
      rows = readImportFile(file.buffer, file.originalname);
    } catch (err) {
      if (err instanceof ImportFileError) throw ApiError.badRequest(err.message, 'file');
      throw err;
    }
    const now = this.clock.now();

    return retryOnDeadlock(() => this.db.tenant(actor.tenantId, async (tx) => {
      const country = await this.service.defaultCountry(tx, actor);
      const rejected: { row: number; reason: string }[] = [];
      const firstRowOfPhone = new Map<string, number>();
      const valid: (ImportRow & { phone: string })[] = [];

      for (const r of rows) {
        const reason = this.check(r);
        if (reason) {
          rejected.push({ row: r.row, reason });
          continue;
        }
        const phone = normalizePhone(r.phone, country);
        if (!phone.ok) {
          rejected.push({ row: r.row, reason: r.phone ? phone.error : 'Phone is missing' });
          continue;
        }
        const earlier = firstRowOfPhone.get(phone.e164);
        if (earlier !== undefined) {
          rejected.push({ row: r.row, reason: `Same phone as row ${earlier}` });
          continue;
        }
        const email = r.email ? contactEmailSchema.safeParse(r.email) : undefined;
        if (email && !email.success) {
          rejected.push({ row: r.row, reason: `"${r.email}" is not a valid email address` });
          continue;
        }
        firstRowOfPhone.set(phone.e164, r.row);
        valid.push({ ...r, phone: phone.e164, email: email?.success ? (email.data ?? undefined) : undefined });
      }

      const existing = new Map((await this.contacts.findByPhones(tx, actor.tenantId, valid.map((v) => v.phone))).map((c) => [c.phone, c]));
      const toCreate: NewContactRow[] = [];
      const toFill: FillBlanksRow[] = [];
      let skipped = 0;
      for (const v of valid) {
        const found = existing.get(v.phone);
        if (!found) {
          toCreate.push({
            tenantId: actor.tenantId,
            name: v.name ?? null,
            phone: v.phone,
            email: v.email ?? null,
            address: v.address ?? null,
            notes: v.notes ?? null,
            stage: 'lead',
            assignedTo: may(actor, 'contacts.assign') ? null : actor.userId,
            source: 'import',
            createdBy: actor.userId,
            createdAt: now,
            updatedAt: now,
          });
          continue;
        }
        const fill: FillBlanksRow = { id: found.id };
        if (!found.name && v.name) fill.name = v.name;
        if (!found.email && v.email) fill.email = v.email;
        if (!found.address && v.address) fill.address = v.address;
        if (!found.notes && v.notes) fill.notes = v.notes;
        if (!canSeeContact(actor, found) || Object.keys(fill).length === 1) skipped++;
        else toFill.push(fill);
      }

      const inserted = await this.contacts.insertMany(tx, toCreate, { skipExistingPhones: true });
      skipped += toCreate.length - inserted.length; // created meanwhile by someone else
      await this.contacts.fillBlanks(tx, actor.tenantId, toFill, now);

      const created = inserted.length;
      const updated = toFill.length;
      const message = `Import finished: ${created} created, ${updated} updated, ${skipped} skipped, ${rejected.length} rejected.`;
      return { message, total: rows.length, created, updated, skipped, rejected };
    }));
  }

  private check(r: ImportRow): string | undefined {
    if (!r.phone) return 'Phone is missing';
    for (const field of ['name', 'email', 'address', 'notes'] as const) {
      const value = r[field];
      if (value && value.length > LIMITS[field]) return `${field[0].toUpperCase()}${field.slice(1)} is longer than ${LIMITS[field]} characters`;
    }
    return undefined;
  }
}
