import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactImportStatus } from '@crm/common';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { waitForImport } from '../../../test/imports.js';
import { ContactsImportService } from './contacts-import.service.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let adminA = '';
let salesA = '';
let adminB = '';

beforeAll(async () => {
  t = await startTestApp();
  a = await seedCompany(t, 'queue-alpha', { sales: 1 });
  b = await seedCompany(t, 'queue-bravo');
  [adminA, salesA, adminB] = await Promise.all([signIn(t, a.admin.email), signIn(t, a.sales[0].email), signIn(t, b.admin.email)]);
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

let phone = 0;
function csv(rows: number): FormData {
  const lines = ['Name,Phone', ...Array.from({ length: rows }, () => `Queued ${++phone},0102${String(phone).padStart(7, '0')}`)];
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')]), 'leads.csv');
  return form;
}

async function upload(token: string, rows = 3): Promise<ContactImportStatus> {
  const res = await t.api.post<ContactImportStatus>('/contacts/import', csv(rows), { token });
  expect(res.status, res.body.error).toBe(202);
  return res.body.data;
}

const status = async (token: string, id: string) => (await t.api.get<ContactImportStatus>(`/contacts/imports/${id}`, { token })).body.data;

async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Holds the writing of one company's imports until released (the job waits, like a long import). */
function holdImportsOf(tenantId: string) {
  const service = t.app.get(ContactsImportService);
  const write = service.writeChunk.bind(service);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.spyOn(service, 'writeChunk').mockImplementation(async (actor, ...rest) => {
    if (actor.tenantId === tenantId) await released;
    return write(actor, ...rest);
  });
  return release;
}

describe('import queue', () => {
  it("runs a company's imports one at a time: the second waits, shows how many are ahead, and runs after the first", async () => {
    const release = holdImportsOf(a.tenantId);
    const first = await upload(adminA);
    expect(first).toMatchObject({ status: 'queued', ahead: 0, rows: 3, processed: 0 });
    await until(async () => (await status(adminA, first._id)).status === 'running');

    const second = await upload(salesA);
    expect(second).toMatchObject({ status: 'queued', ahead: 1, fileName: 'leads.csv' });
    expect(second.result.message).toBe('Waiting: 1 import ahead of yours.');
    const third = await upload(adminA);
    expect(third).toMatchObject({ status: 'queued', ahead: 2 });
    expect(third.result.message).toBe('Waiting: 2 imports ahead of yours.');
    // still waiting while the first one runs
    expect(await status(salesA, second._id)).toMatchObject({ status: 'queued', ahead: 1 });

    release();
    const [doneFirst, doneSecond, doneThird] = [await waitForImport(t, adminA, first._id), await waitForImport(t, salesA, second._id), await waitForImport(t, adminA, third._id)];
    for (const done of [doneFirst, doneSecond, doneThird]) {
      expect(done).toMatchObject({ status: 'done', ahead: 0, processed: 3, result: { created: 3, rejected: [] } });
    }
    expect(doneSecond.startedAt! >= doneFirst.finishedAt!).toBe(true);
    expect(doneThird.startedAt! >= doneSecond.finishedAt!).toBe(true);
    expect(doneSecond.result.message).toBe('Import finished: 3 created, 0 updated, 0 skipped, 0 rejected.');
  });

  it("does not make another company's import wait", async () => {
    const release = holdImportsOf(a.tenantId);
    try {
      const held = await upload(adminA);
      await until(async () => (await status(adminA, held._id)).status === 'running');
      const waiting = await upload(adminA);
      expect(waiting).toMatchObject({ status: 'queued', ahead: 1 });

      const other = await upload(adminB);
      expect(other).toMatchObject({ status: 'queued', ahead: 0 });
      // written while company A's first import is still held and its second still waits
      expect(await waitForImport(t, adminB, other._id)).toMatchObject({ status: 'done', result: { created: 3 } });
      expect(await status(adminA, waiting._id)).toMatchObject({ status: 'queued', ahead: 1 });
      expect((await status(adminA, held._id)).status).toBe('running');
    } finally {
      release();
    }
  });

  it('writes a file larger than one chunk completely, and shows an import only to its user and the admins of its company', async () => {
    const imported = await upload(salesA, 450);
    const done = await waitForImport(t, salesA, imported._id);
    expect(done).toMatchObject({ status: 'done', processed: 450, result: { total: 450, created: 450 } });
    expect((await t.api.get(`/contacts/imports/${imported._id}`, { token: adminA })).status).toBe(200);
    expect((await t.api.get(`/contacts/imports/${imported._id}`, { token: adminB })).status).toBe(404);
    const mine = await upload(adminA, 1);
    expect((await t.api.get(`/contacts/imports/${mine._id}`, { token: salesA })).status).toBe(404);
    await waitForImport(t, adminA, mine._id);
  });
});
