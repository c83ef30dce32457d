import * as XLSX from '@e965/xlsx';
import { displayPhone, timeZoneOffsetMs, type Language } from '@crm/common';
import type { ContactExportRecord } from './contact-export.repository.js';
import type { DealProductRecord } from './deal-lines.repository.js';
import { inertCellText } from './spreadsheet-text.js';

/** The export's columns, in order: what the lists show, then the deal and shipping. */
export const CONTACT_EXPORT_HEADERS = [
  'Name',
  'Phone',
  'Email',
  'Address',
  'Stage',
  'Assigned To',
  'Pipeline Status',
  'Amount',
  'Probability',
  'Products',
  'Shipping Company',
  'Tracking Number',
  'Shipping Status',
  'Shipping Cost',
  'Governorate',
  'City',
  'Street',
  'Notes',
  'Created At',
] as const;

/**
 * The same columns in Arabic, for a user whose language is Arabic. Each head is one the
 * import recognises (contact-import.parser.ts), so an Arabic export re-imports as it is.
 */
export const CONTACT_EXPORT_HEADERS_AR: Record<(typeof CONTACT_EXPORT_HEADERS)[number], string> = {
  Name: 'الاسم',
  Phone: 'الهاتف',
  Email: 'البريد الإلكتروني',
  Address: 'العنوان',
  Stage: 'المرحلة',
  'Assigned To': 'المسؤول',
  'Pipeline Status': 'حالة الصفقة',
  Amount: 'المبلغ',
  Probability: 'الاحتمالية',
  Products: 'المنتجات',
  'Shipping Company': 'شركة الشحن',
  'Tracking Number': 'رقم التتبع',
  'Shipping Status': 'حالة الشحن',
  'Shipping Cost': 'تكلفة الشحن',
  Governorate: 'المحافظة',
  City: 'المدينة',
  Street: 'الشارع',
  Notes: 'ملاحظات',
  'Created At': 'تاريخ الإنشاء',
};

/** The column heads in the user's language. */
export const contactExportHeaders = (language: Language): string[] => (language === 'ar' ? CONTACT_EXPORT_HEADERS.map((header) => CONTACT_EXPORT_HEADERS_AR[header]) : [...CONTACT_EXPORT_HEADERS]);

const WIDTHS = [24, 16, 26, 30, 10, 18, 14, 12, 11, 36, 16, 18, 14, 12, 14, 14, 30, 40, 17];
const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day
const DAY_MS = 86_400_000;

/** The export as plain values, cheap to build and to hand to the worker that writes the file. */
export type ContactsTable = {
  /** The column heads, in the exporting user's language (CONTACT_EXPORT_HEADERS order). */
  headers: string[];
  /** One row of cells per contact, in CONTACT_EXPORT_HEADERS order ('Created At' left empty). */
  rows: (string | number | null)[][];
  /** Each row's creation time as an Excel serial day on the wall clock of the export's time zone. */
  created: number[];
};

export function contactsTable(rows: ContactExportRecord[], lines: Map<string, DealProductRecord[]>, timeZone: string, language: Language = 'en'): ContactsTable {
  const table: ContactsTable = { headers: contactExportHeaders(language), rows: [], created: [] };
  // the zone's offset per UTC day when it is the same at both ends of it (no change that day), else
  // per row: Intl lookups for every row were most of the time of a 10,000-row table
  const dayOffsets = new Map<number, number | null>();
  const offsetAt = (at: Date) => {
    const day = Math.floor(at.getTime() / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const start = timeZoneOffsetMs(new Date(day * DAY_MS), timeZone);
      offset = start === timeZoneOffsetMs(new Date((day + 1) * DAY_MS - 1), timeZone) ? start : null;
      dayOffsets.set(day, offset);
    }
    return offset ?? timeZoneOffsetMs(at, timeZone);
  };
  for (const r of rows) {
    const products = (lines.get(r.id) ?? []).map((l) => `${l.product?.name ?? 'Deleted product'} × ${l.qty}`).join(', ');
    table.rows.push([
      r.name ?? '',
      displayPhone(r.phone) ?? '', // a contact known only by a WhatsApp id has no number to export
      r.email ?? '',
      r.address ?? '',
      r.stage,
      r.assignedName ?? '',
      r.pipelineStatus ?? '',
      r.dealAmount,
      r.probability,
      products,
      r.shippingCompanyName ?? '',
      r.shippingTrackingNumber ?? '',
      r.shippingStatus ?? '',
      r.shippingCost,
      r.shippingGovernorate ?? '',
      r.shippingCity ?? '',
      r.shippingStreet ?? '',
      r.notes ?? '',
      null,
    ]);
    const local = r.createdAt.getTime() + offsetAt(r.createdAt);
    table.created.push(local / DAY_MS + EXCEL_EPOCH_DAYS);
  }
  return table;
}

/**
 * One sheet, one row per contact, in list order. CPU-heavy for large exports: runs in the contacts
 * worker. Every text is written as a string cell (`t: 's'`) and no cell ever carries a formula, so
 * Excel, LibreOffice, Numbers and Google Sheets show a name or note typed as `=HYPERLINK(…)` as
 * text. A user may re-save the file as CSV, though, and the CSV evaluates it: so text starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, as OWASP advises
 * (inertCellText; the import takes the `'` back off). Phones are E.164 text (`+20…`), a
 * signed number that stays as it is: text, so Excel neither drops the + nor reads them as a
 * number. Amounts stay number cells; the creation time is a real date cell.
 */
export function writeContactsWorkbook(table: ContactsTable): Buffer {
  const width = CONTACT_EXPORT_HEADERS.length;
  const createdCol = CONTACT_EXPORT_HEADERS.indexOf('Created At');
  // SheetJS's dense sheet (rows of cells, not an "A1"-keyed object): half the time of 10,000 rows
  const data: (XLSX.CellObject | undefined)[][] = [table.headers.map((header): XLSX.CellObject => ({ t: 's', v: inertCellText(header) }))];
  table.rows.forEach((cells, i) => {
    data.push(
      cells.map((value, c): XLSX.CellObject | undefined => {
        if (c === createdCol) return { t: 'n', v: table.created[i], z: 'yyyy-mm-dd hh:mm' };
        if (typeof value === 'number') return { t: 'n', v: value };
        return value !== null && value !== '' ? { t: 's', v: inertCellText(value) } : undefined;
      }),
    );
  });
  const sheet = { '!data': data } as XLSX.WorkSheet;
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: table.rows.length, c: width - 1 } });
  sheet['!cols'] = WIDTHS.map((wch) => ({ wch }));
  sheet['!autofilter'] = { ref: sheet['!ref'] };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
