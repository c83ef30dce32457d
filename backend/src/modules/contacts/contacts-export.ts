import * as XLSX from '@e965/xlsx';
import { timeZoneOffsetMs } from '@crm/common';
import type { ContactRecord, DealProductRecord } from './contacts.repository.js';

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

const WIDTHS = [24, 16, 26, 30, 10, 18, 14, 12, 11, 36, 16, 18, 14, 12, 14, 14, 30, 40, 17];
const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day
const DAY_MS = 86_400_000;

/**
 * One sheet, one row per contact, in list order. Phones stay text (Excel would drop the +); the
 * creation time is a real date cell on the wall clock of `timeZone`.
 */
export function buildContactsWorkbook(rows: ContactRecord[], lines: Map<string, DealProductRecord[]>, timeZone: string): Buffer {
  const data: (string | number | null)[][] = [[...CONTACT_EXPORT_HEADERS]];
  for (const r of rows) {
    const products = (lines.get(r.id) ?? []).map((l) => `${l.product?.name ?? 'Deleted product'} × ${l.qty}`).join(', ');
    data.push([
      r.name ?? '',
      r.phone,
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
  }
  const sheet = XLSX.utils.aoa_to_sheet(data);
  const createdCol = CONTACT_EXPORT_HEADERS.indexOf('Created At');
  const phoneCol = CONTACT_EXPORT_HEADERS.indexOf('Phone');
  rows.forEach((r, i) => {
    const local = r.createdAt.getTime() + timeZoneOffsetMs(r.createdAt, timeZone);
    sheet[XLSX.utils.encode_cell({ r: i + 1, c: createdCol })] = { t: 'n', v: local / DAY_MS + EXCEL_EPOCH_DAYS, z: 'yyyy-mm-dd hh:mm' };
    sheet[XLSX.utils.encode_cell({ r: i + 1, c: phoneCol })] = { t: 's', v: r.phone };
  });
  sheet['!cols'] = WIDTHS.map((wch) => ({ wch }));
  sheet['!autofilter'] = { ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: CONTACT_EXPORT_HEADERS.length - 1 } }) };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contacts');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
