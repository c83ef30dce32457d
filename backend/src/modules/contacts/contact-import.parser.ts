import * as XLSX from '@e965/xlsx';
import { CONTACT_IMPORT_MAX_ROWS, IMPORT_FILE_EXTENSIONS, toLatinDigits } from '@crm/common';

/** A problem with the file as a whole: nothing of it is imported. The message is for the user. */
export class ImportFileError extends Error {}

export type ImportField = 'name' | 'firstName' | 'lastName' | 'phone' | 'email' | 'address' | 'notes';
export type ImportRow = { row: number; name?: string; phone?: string; email?: string; address?: string; notes?: string };

/** Header spellings, compared after normalizeHeader() and with spaces removed. */
const EXACT: Record<ImportField, string[]> = {
  phone: [
    'phone', 'phonenumber', 'phoneno', 'mobile', 'mobilenumber', 'mobileno', 'mobilephone', 'cell', 'cellphone', 'tel', 'telephone',
    'whatsapp', 'whatsappnumber', 'number', 'contactnumber', 'الهاتف', 'هاتف', 'رقمالهاتف', 'الموبايل', 'موبايل', 'رقمالموبايل',
    'المحمول', 'محمول', 'رقمالمحمول', 'الجوال', 'جوال', 'رقمالجوال', 'تليفون', 'التليفون', 'رقمالتليفون', 'واتساب', 'رقمالواتساب',
    'رقم', 'الرقم',
  ],
  name: ['name', 'fullname', 'customername', 'clientname', 'contactname', 'leadname', 'customer', 'client', 'contact', 'الاسم', 'اسم', 'الاسمبالكامل', 'الاسمالكامل', 'اسمالعميل', 'العميل'],
  firstName: ['firstname', 'first', 'givenname', 'الاسمالاول'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'اسمالعائله', 'الاسمالاخير', 'اللقب'],
  email: ['email', 'emailaddress', 'mail', 'البريد', 'البريدالالكتروني', 'بريدالكتروني', 'الايميل', 'ايميل', 'البريدالاكتروني'],
  address: ['address', 'addr', 'location', 'fulladdress', 'العنوان', 'عنوان'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'ملاحظات', 'ملاحظه', 'الملاحظات', 'تعليق', 'تعليقات'],
};

/** Then words a longer header may contain ("Customer Phone (mobile)"), tried in this order. */
const CONTAINS: [ImportField, string[]][] = [
  ['email', ['email', 'mail', 'بريد', 'ايميل']],
  ['phone', ['phone', 'mobile', 'whatsapp', 'هاتف', 'موبايل', 'محمول', 'جوال', 'تليفون', 'واتساب']],
  ['notes', ['note', 'comment', 'remark', 'ملاحظ', 'تعليق']],
  ['address', ['address', 'عنوان']],
  ['firstName', ['firstname']],
  ['lastName', ['lastname', 'surname']],
  ['name', ['name', 'اسم']],
];

/** Lower case, Arabic letter variants folded (أ إ آ → ا, ة → ه, ى → ي), diacritics and punctuation dropped. */
export function normalizeHeader(header: string): string {
  return toLatinDigits(String(header))
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function matchHeader(header: string): ImportField | undefined {
  const compact = normalizeHeader(header).replace(/ /g, '');
  if (!compact) return undefined;
  for (const [field, names] of Object.entries(EXACT) as [ImportField, string[]][]) if (names.includes(compact)) return field;
  for (const [field, words] of CONTAINS) if (words.some((w) => compact.includes(w))) return field;
  return undefined;
}

const SIGNATURES = {
  zip: [0x50, 0x4b, 0x03, 0x04],
  cfb: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
};
const startsWith = (buf: Buffer, sig: number[]) => buf.length >= sig.length && sig.every((b, i) => buf[i] === b);

/** CSV text: UTF-8 (with or without BOM), else Windows-1256, the Arabic code page Excel uses in Egypt. */
function decodeCsv(buffer: Buffer): string {
  if (buffer.includes(0)) throw new ImportFileError('The file could not be read: it is not a CSV text file.');
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
  return String(value).trim();
}

const UNREADABLE = 'The file could not be read. Upload an Excel workbook (.xlsx, .xls) or a CSV file.';

/**
 * Reads the first sheet of an .xlsx, .xls or .csv file: the first non-empty row is the header,
 * matched loosely (Name/name/الاسم, Phone/Mobile/الهاتف/الموبايل, Email/البريد, Address/العنوان,
 * Notes/ملاحظات). Returns the data rows with their spreadsheet row numbers; throws ImportFileError
 * when the file as a whole cannot be imported.
 */
export function readImportFile(buffer: Buffer, filename: string): ImportRow[] {
  const ext = (/\.[^.]+$/.exec(filename.toLowerCase())?.[0] ?? '') as (typeof IMPORT_FILE_EXTENSIONS)[number];
  if (!IMPORT_FILE_EXTENSIONS.includes(ext)) throw new ImportFileError('Upload an .xlsx, .xls or .csv file.');
  if (buffer.length === 0) throw new ImportFileError('The file is empty.');

  let book: XLSX.WorkBook;
  const options: XLSX.ParsingOptions = { sheetRows: CONTACT_IMPORT_MAX_ROWS + 50, cellFormula: false, cellHTML: false, cellStyles: false };
  try {
    if (ext === '.csv') {
      book = XLSX.read(decodeCsv(buffer), { ...options, type: 'string', raw: true });
    } else {
      const text = buffer.subarray(0, 64).toString('latin1').replace(/^(\xEF\xBB\xBF|\s)+/, '');
      const looksRight = ext === '.xlsx' ? startsWith(buffer, SIGNATURES.zip) : startsWith(buffer, SIGNATURES.cfb) || startsWith(buffer, SIGNATURES.zip) || text.startsWith('<');
      if (!looksRight) throw new ImportFileError(UNREADABLE);
      book = XLSX.read(buffer, { ...options, type: 'buffer' });
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError(UNREADABLE);
  }
  const sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet || !sheet['!ref']) throw new ImportFileError('The file has no rows to import.');

  const firstRow = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const grid = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true });
  const headerIndex = grid.findIndex((cells) => cells.some((c) => cellText(c) !== ''));
  if (headerIndex < 0) throw new ImportFileError('The file has no rows to import.');

  const columns = new Map<ImportField, number>();
  grid[headerIndex].forEach((cell, col) => {
    const field = matchHeader(cellText(cell));
    if (field && !columns.has(field)) columns.set(field, col);
  });
  if (!columns.has('phone')) {
    throw new ImportFileError(
      'No phone column found. The first row must name the columns, e.g. Name, Phone, Email, Address, Notes (or الاسم، الهاتف، البريد، العنوان، ملاحظات).',
    );
  }

  const rows: ImportRow[] = [];
  for (let i = headerIndex + 1; i < grid.length; i++) {
    const cells = grid[i];
    const get = (field: ImportField) => {
      const col = columns.get(field);
      const text = col === undefined ? '' : cellText(cells[col]);
      return text || undefined;
    };
    const name = get('name') ?? ([get('firstName'), get('lastName')].filter(Boolean).join(' ') || undefined);
    const row: ImportRow = { row: firstRow + i + 1, name, phone: get('phone'), email: get('email'), address: get('address'), notes: get('notes') };
    if (!row.name && !row.phone && !row.email && !row.address && !row.notes) continue; // blank row
    rows.push(row);
  }
  if (!rows.length) throw new ImportFileError('The file has no rows to import.');
  if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
    throw new ImportFileError(`The file has too many rows: import at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en-US')} contacts per file.`);
  }
  return rows;
}
