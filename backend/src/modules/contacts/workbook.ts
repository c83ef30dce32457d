import * as XLSX from '@e965/xlsx';
import { inertCellText } from './spreadsheet-text.js';

/** One sheet of a plain workbook: a row of column heads, then rows of text and number cells. */
export type SheetSpec = {
  /** The tab's name (Excel allows 31 characters and no : \ / ? * [ ]). */
  name: string;
  heads: string[];
  rows: (string | number | null)[][];
  /** Column widths in characters, in heads order. */
  widths?: number[];
  /** An Excel number format per column (e.g. '#,##0.00'); null or missing = General. */
  formats?: (string | null)[];
};

/**
 * A workbook of several small sheets (the report export). Like the contacts export, texts are
 * string cells and no cell is ever a formula, so a category typed as `=HYPERLINK(…)` stays text;
 * text a spreadsheet could take for a formula is prefixed with `'` (inertCellText), so it stays
 * inert once the file is re-saved as CSV. Numbers stay number cells.
 * Runs in the contacts worker (ContactsWorkerPool.writeWorkbook), off the event loop.
 */
export function writeWorkbook(sheets: SheetSpec[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const spec of sheets) {
    const sheet: XLSX.WorkSheet = {};
    spec.heads.forEach((head, c) => (sheet[XLSX.utils.encode_cell({ r: 0, c })] = { t: 's', v: inertCellText(head) }));
    spec.rows.forEach((cells, i) => {
      cells.forEach((value, c) => {
        const ref = XLSX.utils.encode_cell({ r: i + 1, c });
        const z = spec.formats?.[c] ?? undefined;
        if (typeof value === 'number') sheet[ref] = z ? { t: 'n', v: value, z } : { t: 'n', v: value };
        else if (value !== null && value !== '') sheet[ref] = { t: 's', v: inertCellText(value) };
      });
    });
    sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(spec.rows.length, 0), c: Math.max(spec.heads.length - 1, 0) } });
    if (spec.widths) sheet['!cols'] = spec.widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, sheet, spec.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
