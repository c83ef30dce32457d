/**
 * The contacts worker: reads import files and writes export workbooks (contacts, and the plain
 * several-sheet workbooks other modules hand it, e.g. the report export) on a worker thread of
 * ContactsWorkerPool (piscina), so a slow or crafted spreadsheet never holds the event loop and
 * a file that exhausts the worker's memory ends only this thread. Loaded by file name: from
 * backend/dist as contacts.worker.js; from src (tests, `npm run dev`) compiled by the pool with swc,
 * importing @crm/common's built dist (`npm test` and `npm run dev` build it first).
 */
import type { ErrorParams, ImportFileProblem } from '@crm/common';
import { checkImportRows, ImportFileError, readImportFile, type CheckedImport } from './contact-import.parser.js';
import { writeContactsWorkbook, type ContactsTable } from './contacts-export.js';
import { writeWorkbook, type SheetSpec } from './workbook.js';

export type ContactsWorkerTask = { kind: 'import'; file: Uint8Array; filename: string; country: string } | { kind: 'export'; table: ContactsTable } | { kind: 'workbook'; sheets: SheetSpec[] };

/** A refused file comes back as a value: an Error crossing the thread would lose its class and status. */
export type ImportOutcome = { ok: true; checked: CheckedImport } | { ok: false; error: string; problem: ImportFileProblem; params: ErrorParams; status: 400 | 413 };

export default async function run(task: ContactsWorkerTask): Promise<ImportOutcome | Uint8Array> {
  if (task.kind === 'export') return writeContactsWorkbook(task.table);
  if (task.kind === 'workbook') return writeWorkbook(task.sheets);
  const buffer = Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength);
  try {
    const rows = await readImportFile(buffer, task.filename);
    return { ok: true, checked: checkImportRows(rows, task.country) };
  } catch (err) {
    if (err instanceof ImportFileError) return { ok: false, error: err.message, problem: err.problem, params: err.params, status: err.status };
    throw err;
  }
}
