import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse';
import {
  CONTACT_IMPORT_MAX_ROWS,
  IMPORT_FILE_EXTENSIONS,
  contactEmailSchema,
  echoInput,
  normalizePhone,
  toLatinDigits,
  type ErrorParams,
  type ImportFileProblem,
  type ImportRejectedRow,
} from '@crm/common';
import { matchHeader, type ImportField } from './contact-import-headers.js';
import { restoreCellText } from './spreadsheet-text.js';

export { matchHeader, normalizeHeader, type ImportField } from './contact-import-headers.js';

/**
 * Caps checked BEFORE a spreadsheet is handed to a parser, so a small crafted file (a zip bomb, one
 * cell of a billion characters) is refused instead of taking the memory and time of the server.
 * The upload itself is capped at CONTACT_IMPORT_MAX_BYTES (5 MB) by the controller; a .csv and an
 * .xls (BIFF8) are not compressed, so that cap bounds what they unpack to. An .xlsx is a zip: its
 * parts may unpack to at most `unpackedBytes` together (ten thousand contacts with a dozen columns
 * take about 5 MB), in at most `zipEntries` parts. No cell may be longer than `cellChars`, the
 * most Excel itself lets a cell hold.
 */
export const IMPORT_LIMITS = {
  unpackedBytes: 50 * 1024 * 1024,
  zipEntries: 1000,
  cellChars: 32_767,
} as const;

/**
 * A problem with the file as a whole: nothing of it is imported. `problem` and `params` are what
 * the renderer words; the message is the English for API users.
 */
export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    message: string,
    readonly params: ErrorParams = {},
    /** 413 when a size cap refused it, 400 otherwise. */
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

const unreadable = () => new ImportFileError('unreadable', UNREADABLE);
const cellTooLong = () => new ImportFileError('cell_too_long', CELL_TOO_LONG, { max: IMPORT_LIMITS.cellChars });

export type ImportRow = { row: number; name?: string; phone?: string; email?: string; address?: string; notes?: string };

const SIGNATURES = {
  zip: [0x50, 0x4b, 0x03, 0x04],
  cfb: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
};
const startsWith = (buf: Buffer, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);
const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-US');

const UNREADABLE = 'The file could not be read. Upload an Excel workbook (.xlsx, .xls) or a CSV file.';
const CELL_TOO_LONG = `A cell of the file is longer than ${count(IMPORT_LIMITS.cellChars)} characters, the most a spreadsheet cell can hold. Nothing was imported: shorten it and upload the file again.`;
const TOO_MANY_ROWS = `The file has too many rows: import at most ${count(CONTACT_IMPORT_MAX_ROWS)} contacts per file.`;
const NO_ROWS = 'The file has no rows to import.';

/** CSV text: UTF-8 (with or without BOM), else Windows-1256, the Arabic code page Excel uses in Egypt. */
function decodeCsv(buffer: Buffer): string {
  if (buffer.includes(0)) throw new ImportFileError('not_csv', 'The file could not be read: it is not a CSV text file.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('windows-1256').decode(buffer);
  }
  return text.replace(/^\uFEFF/, '');
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  // an export's `'=…` (spreadsheet-text.ts) is read back as the `=…` it was
  return restoreCellText(String(value).trim());
}

/**
 * Reads an .xlsx's zip central directory and every part's real size before any parser sees it:
 * the declared sizes must stay under the caps, and each part is inflated with the zlib limit set
 * to its declared size, so a part that lies about its size fails here instead of in the parser.
 * XML parts are scanned for a text run longer than the cell cap (a cell's text sits between `>`
 * and `<`), counted in characters (UTF-8 continuation bytes not counted).
 */
export function inspectZip(buffer: Buffer): void {
  // End of central directory: 22 bytes plus a comment of at most 65,535 bytes, at the end.
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 0xffff); i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const entries = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  // ZIP64 markers: never needed for a file of a few megabytes, so a sign of a crafted one.
  if (entries === 0xffff || directoryOffset === 0xffffffff) throw unreadable();
  if (entries > IMPORT_LIMITS.zipEntries) {
    const text = `The workbook has too many parts (${count(entries)}): at most ${count(IMPORT_LIMITS.zipEntries)} are accepted. Save only the sheet to import, or save it as CSV.`;
    throw new ImportFileError('too_many_parts', text, { parts: entries, max: IMPORT_LIMITS.zipEntries }, 413);
  }

  type Entry = { name: string; method: number; flags: number; packed: number; size: number; local: number };
  const list: Entry[] = [];
  let total = 0;
  let p = directoryOffset;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > buffer.length || buffer.readUInt32LE(p) !== 0x02014b50) throw unreadable();
    const nameLength = buffer.readUInt16LE(p + 28);
    const entry: Entry = {
      flags: buffer.readUInt16LE(p + 8),
      method: buffer.readUInt16LE(p + 10),
      packed: buffer.readUInt32LE(p + 20),
      size: buffer.readUInt32LE(p + 24),
      local: buffer.readUInt32LE(p + 42),
      name: buffer.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.size === 0xffffffff || entry.packed === 0xffffffff || entry.local === 0xffffffff) throw unreadable();
    total += entry.size;
    list.push(entry);
    p += 46 + nameLength + buffer.readUInt16LE(p + 30) + buffer.readUInt16LE(p + 32);
  }
  if (total > IMPORT_LIMITS.unpackedBytes) {
    const sizes = { sizeMb: Math.ceil(total / MB), maxMb: IMPORT_LIMITS.unpackedBytes / MB };
    const text = `The file is too large once unpacked: ${sizes.sizeMb} MB, and a workbook may unpack to at most ${sizes.maxMb} MB. Nothing was imported. Save only the sheet to import, or save it as CSV.`;
    throw new ImportFileError('unpacked_too_large', text, sizes, 413);
  }

  for (const entry of list) {
    if (entry.flags & 1) throw unreadable(); // encrypted part
    const at = entry.local;
    if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== 0x04034b50) throw unreadable();
    const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
    const packed = buffer.subarray(start, start + entry.packed);
    if (packed.length !== entry.packed) throw unreadable();
    let data: Buffer;
    if (entry.method === 0) data = packed;
    else if (entry.method === 8) {
      try {
        data = entry.size === 0 ? Buffer.alloc(0) : inflateRawSync(packed, { maxOutputLength: entry.size });
      } catch {
        // a damaged stream, or one that unpacks to more than its header says
        throw unreadable();
      }
    } else throw unreadable();
    if (data.length !== entry.size) throw unreadable();
    if (/\.(xml|rels|vml)$/i.test(entry.name)) checkTextRuns(data);
  }
}

/** Refuses markup (XML or HTML) holding a text run longer than the cell cap. */
function checkTextRuns(data: Buffer): void {
  let run = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (b === 0x3c || b === 0x3e) run = 0;
    else if ((b & 0xc0) !== 0x80 && ++run > IMPORT_LIMITS.cellChars) throw cellTooLong();
  }
}

/** The delimiter: a first line `sep=;` (Excel writes it), else the most frequent of , ; tab | on the first line. */
function csvDelimiter(text: string): { delimiter: string; skip: number } {
  const sep = /^sep=(.)\r?\n/i.exec(text.slice(0, 16));
  if (sep) return { delimiter: sep[1], skip: sep[0].length };
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
    ['|', 0],
  ]);
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let delimiter = ',';
  for (const [c, n] of counts) if (n > counts.get(delimiter)!) delimiter = c;
  return { delimiter, skip: 0 };
}

function* chunks(text: string, size = 64 * 1024) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/** Reads the header, then the data rows, of a grid of cells, one row at a time. */
class RowCollector {
  private columns: Map<ImportField, number> | undefined;
  readonly rows: ImportRow[] = [];

  /** `cells` of spreadsheet row `row` (1-based). */
  add(cells: unknown[], row: number): void {
    for (const cell of cells) if (typeof cell === 'string' && cell.length > IMPORT_LIMITS.cellChars) throw cellTooLong();
    if (!this.columns) {
      if (!cells.some((c) => cellText(c) !== '')) return; // blank rows above the header
      const columns = new Map<ImportField, number>();
      cells.forEach((cell, col) => {
        const field = matchHeader(cellText(cell));
        if (field && !columns.has(field)) columns.set(field, col);
      });
      if (!columns.has('phone')) {
        throw new ImportFileError(
          'no_phone_column',
          'No phone column found. The first row must name the columns, e.g. Name, Phone, Email, Address, Notes (or الاسم، الهاتف، البريد، العنوان، ملاحظات).',
        );
      }
      this.columns = columns;
      return;
    }
    const columns = this.columns;
    const get = (field: ImportField) => {
      const col = columns.get(field);
      const text = col === undefined ? '' : cellText(cells[col]);
      return text || undefined;
    };
    const name = get('name') ?? ([get('firstName'), get('lastName')].filter(Boolean).join(' ') || undefined);
    const entry: ImportRow = { row, name, phone: get('phone'), email: get('email'), address: get('address'), notes: get('notes') };
    if (!entry.name && !entry.phone && !entry.email && !entry.address && !entry.notes) return; // blank row
    if (this.rows.length >= CONTACT_IMPORT_MAX_ROWS) throw new ImportFileError('too_many_rows', TOO_MANY_ROWS, { max: CONTACT_IMPORT_MAX_ROWS });
    this.rows.push(entry);
  }

  result(): ImportRow[] {
    if (!this.columns || !this.rows.length) throw new ImportFileError('no_rows', NO_ROWS);
    return this.rows;
  }
}

/**
 * CSV, streamed through csv-parse one record at a time: only the columns to import are kept, a
 * cell past the cap or a row past the row limit stops the reading at once.
 */
async function readCsv(buffer: Buffer): Promise<ImportRow[]> {
  const text = decodeCsv(buffer);
  const { delimiter, skip } = csvDelimiter(text);
  const collector = new RowCollector();
  const records = Readable.from(chunks(skip ? text.slice(skip) : text)).pipe(parseCsv({ delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }));
  try {
    let row = 0;
    for await (const record of records as AsyncIterable<string[]>) collector.add(record, ++row);
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    const line = (err as { lines?: number }).lines;
    throw new ImportFileError('csv_quotes', `The CSV file could not be read${line ? ` near line ${line}` : ''}: check that its quotes are closed.`, line ? { line } : {});
  } finally {
    records.destroy();
  }
  return collector.result();
}

function readWorkbook(buffer: Buffer, ext: '.xlsx' | '.xls'): ImportRow[] {
  const head = buffer
    .subarray(0, 64)
    .toString('latin1')
    .replace(/^(\xEF\xBB\xBF|\s)+/, '');
  const zip = startsWith(buffer, SIGNATURES.zip);
  const markup = ext === '.xls' && head.startsWith('<'); // SpreadsheetML 2003 or an HTML table saved as .xls
  if (!(zip || (ext === '.xls' && (startsWith(buffer, SIGNATURES.cfb) || markup)))) throw unreadable();
  if (zip) inspectZip(buffer);
  if (markup) checkTextRuns(buffer);

  let book: XLSX.WorkBook;
  try {
    // only the first sheet, rows past the limit not kept; a BIFF8 string is at most 65,535 characters by format
    book = XLSX.read(buffer, { type: 'buffer', sheets: 0, dense: true, sheetRows: CONTACT_IMPORT_MAX_ROWS + 50, cellFormula: false, cellHTML: false, cellStyles: false });
  } catch {
    throw unreadable();
  }
  const sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet || !sheet['!ref']) throw new ImportFileError('no_rows', NO_ROWS);

  const firstRow = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const collector = new RowCollector();
  grid.forEach((cells, i) => collector.add(cells, firstRow + i + 1));
  return collector.result();
}

/**
 * Reads the first sheet of an .xlsx, .xls or .csv file: the first non-empty row is the header,
 * matched loosely (Name/name/الاسم, Phone/Mobile/الهاتف/الموبايل, Email/البريد, Address/العنوان,
 * Notes/ملاحظات). Returns the data rows with their spreadsheet row numbers; throws ImportFileError
 * when the file as a whole cannot be imported. CPU-heavy: runs in the import worker, never on the
 * request thread.
 */
export async function readImportFile(buffer: Buffer, filename: string): Promise<ImportRow[]> {
  const ext = (/\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? '') as (typeof IMPORT_FILE_EXTENSIONS)[number];
  if (!IMPORT_FILE_EXTENSIONS.includes(ext)) throw new ImportFileError('wrong_type', 'Upload an .xlsx, .xls or .csv file.');
  if (buffer.length === 0) throw new ImportFileError('empty', 'The file is empty.');
  return ext === '.csv' ? readCsv(buffer) : readWorkbook(buffer, ext);
}

const LIMITS = { name: 200, email: 320, address: 500, notes: 5000 } as const;

export type ValidImportRow = ImportRow & { phone: string };
export type CheckedImport = { total: number; valid: ValidImportRow[]; rejected: ImportRejectedRow[] };
type Rejection = Omit<ImportRejectedRow, 'row'>;

/** The English of each rejection, for API users (the renderer words the code and params). */
const REJECTION_TEXTS: { [C in ImportRejectedRow['code']]: (params: ErrorParams) => string } = {
  phone_missing: () => 'Phone is missing',
  phone_invalid: (p) => `"${p.value}" is not a valid phone number`,
  phone_repeated: (p) => `Same phone as row ${p.firstRow}`,
  email_invalid: (p) => `"${p.value}" is not a valid email address`,
  too_long: (p) => `${String(p.field)[0].toUpperCase()}${String(p.field).slice(1)} is longer than ${p.max} characters`,
};
/** A cell's value as a parameter: cut, so one long cell cannot make the stored result large. */
const shown = (value: string) => echoInput(value, undefined, false);
const rejection = (code: ImportRejectedRow['code'], params: ErrorParams = {}): Rejection => ({ code, params, reason: REJECTION_TEXTS[code](params) });

/**
 * The per-row rules that need no database: the phone is required and normalised like a typed one
 * (in the company's default country); a row is rejected, with its row number and the reason, for a
 * missing or invalid phone, an invalid email, a text too long, or a phone an earlier row already has.
 */
export function checkImportRows(rows: ImportRow[], country: string): CheckedImport {
  const rejected: ImportRejectedRow[] = [];
  const firstRowOfPhone = new Map<string, number>();
  const valid: ValidImportRow[] = [];
  for (const r of rows) {
    const refused = checkLengths(r);
    if (refused) {
      rejected.push({ row: r.row, ...refused });
      continue;
    }
    const phone = normalizePhone(r.phone, country);
    if (!phone.ok) {
      rejected.push({ row: r.row, ...(r.phone ? rejection('phone_invalid', { value: shown(toLatinDigits(r.phone).trim()) }) : rejection('phone_missing')) });
      continue;
    }
    const earlier = firstRowOfPhone.get(phone.e164);
    if (earlier !== undefined) {
      rejected.push({ row: r.row, ...rejection('phone_repeated', { firstRow: earlier }) });
      continue;
    }
    const email = r.email ? contactEmailSchema.safeParse(r.email) : undefined;
    if (email && !email.success) {
      rejected.push({ row: r.row, ...rejection('email_invalid', { value: shown(r.email!) }) });
      continue;
    }
    firstRowOfPhone.set(phone.e164, r.row);
    valid.push({ ...r, phone: phone.e164, email: email?.success ? (email.data ?? undefined) : undefined });
  }
  return { total: rows.length, valid, rejected };
}

function checkLengths(r: ImportRow): Rejection | undefined {
  if (!r.phone) return rejection('phone_missing');
  for (const field of ['name', 'email', 'address', 'notes'] as const) {
    const value = r[field];
    if (value && value.length > LIMITS[field]) return rejection('too_long', { field, max: LIMITS[field] });
  }
  return undefined;
}
