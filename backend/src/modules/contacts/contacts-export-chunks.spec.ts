import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { setLeadDistribution } from '../../../test/crm-fixtures.js';
import { importAndWait } from '../../../test/imports.js';

// The export reads its rows in chunks of 1,000 between turns of the event loop: a file
// longer than a chunk must still hold every row once, in the list's order.
const ROWS = 2_345;

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  const company = await seedCompany(t, 'chunky');
  admin = await signIn(t, company.admin.email);
  await setLeadDistribution(t, admin, 'manual');
  const sheet = [['Name', 'Phone'], ...Array.from({ length: ROWS }, (_, i) => [`Lead ${String((i * 7919) % ROWS).padStart(4, '0')}`, `+2010${String(i).padStart(8, '0')}`])];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Leads');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]), 'many.xlsx');
  const imported = await importAndWait(t, form, admin);
  expect(imported.body.data, imported.body.error).toMatchObject({ created: ROWS });
});
afterAll(() => t?.close());

describe('contacts export longer than one chunk', () => {
  it('holds every contact once, in the order of the list', async () => {
    const res = await fetch(`${t.url}/api/contacts/export?sortBy=name&order=asc`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const phones = XLSX.utils.sheet_to_json<Record<string, string>>(book.Sheets[book.SheetNames[0]], { raw: false, defval: '' }).map((r) => r.Phone);
    const listed: string[] = [];
    for (let page = 1; listed.length < ROWS; page++) {
      const items = (await t.api.get(`/contacts?sortBy=name&order=asc&limit=500&page=${page}`, { token: admin })).body.data.items as { phone: string }[];
      if (!items.length) break;
      listed.push(...items.map((c) => c.phone));
    }
    expect(phones).toHaveLength(ROWS);
    expect(new Set(phones).size).toBe(ROWS);
    expect(phones).toEqual(listed);
  });
});
