import { afterEach, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { ApiError } from '../../platform/http/api-error.js';
import { ContactsWorkerPool, DEFAULT_CONTACTS_WORKER_LIMITS, type ContactsWorkerLimits } from './contacts-worker.pool.js';

let pool: ContactsWorkerPool | undefined;
afterEach(async () => {
  await pool?.onApplicationShutdown();
  pool = undefined;
});

const start = (limits: Partial<ContactsWorkerLimits>) => (pool = new ContactsWorkerPool({ ...DEFAULT_CONTACTS_WORKER_LIMITS, threads: 1, ...limits }));
const small = Buffer.from('Name,Phone\nSmall File,01011112222\n');

/** A legitimate but heavy workbook: `count` rows of 30 text columns (about 25 MB unpacked at 10,000). */
function heavyWorkbook(count = 10_000): Buffer {
  const rows: string[][] = [['Name', 'Phone', ...Array.from({ length: 28 }, (_, c) => `Extra ${c}`)]];
  for (let r = 0; r < count; r++) rows.push([`Customer ${r}`, `0150${String(r).padStart(7, '0')}`, ...Array.from({ length: 28 }, (_, c) => `value ${r}-${c} ${'x'.repeat(40)}`)]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function refusal(work: Promise<unknown>): Promise<ApiError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('ContactsWorkerPool', () => {
  it('reads a file on a worker thread and answers the checked rows', async () => {
    const checked = await start({}).readImport(small, 'small.csv', 'EG');
    expect(checked).toEqual({ total: 1, valid: [{ row: 2, name: 'Small File', phone: '+201011112222' }], rejected: [] });
  });

  it('a file that needs more memory than a worker may use ends that worker only: 413, and the next file is read', { timeout: 120_000 }, async () => {
    const heavy = heavyWorkbook();
    start({ memoryMb: 24 });
    const err = await refusal(pool!.readImport(heavy, 'heavy.xlsx', 'EG'));
    expect(err.getStatus()).toBe(413);
    expect(err.message).toBe('The file needs more than the 24 MB of memory an import may use. Nothing was imported. Save it as CSV with only the columns to import and upload it again.');
    expect({ code: err.code, params: err.params }).toEqual({ code: 'payload_too_large', params: { problem: 'too_heavy', memoryMb: 24 } });
    expect((await pool!.readImport(small, 'small.csv', 'EG')).valid).toHaveLength(1);
  });

  it('a file still being read after the time limit is stopped: 413', { timeout: 120_000 }, async () => {
    // Under the row cap (a file over it is refused at once, 400) and heavy enough that no machine
    // unpacks and reads it in 0.3 s: 9,000 rows of 30 text columns in a workbook.
    const slow = heavyWorkbook(9_000);
    start({ timeoutMs: 300 });
    const err = await refusal(pool!.readImport(slow, 'slow.xlsx', 'EG'));
    expect(err.getStatus()).toBe(413);
    expect(err.message).toBe('The file took longer than 0.3 seconds to read. Nothing was imported. Save it as CSV with only the columns to import and upload it again.');
    expect({ code: err.code, params: err.params }).toEqual({ code: 'payload_too_large', params: { problem: 'too_slow', seconds: 0.3 } });
  });
});
