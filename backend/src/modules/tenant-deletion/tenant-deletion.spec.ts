import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany, seedSuperAdmin, signIn, superSignIn, type SeededCompany } from '../../../test/fixtures.js';
import { seedProducts, seedShippingCompanies } from '../../../test/crm-fixtures.js';
import { createTemplate, eventually, newContact, startFollowUpApp, startRun } from '../../../test/follow-ups.js';
import { connectSocket, connectWhatsApp, inbound, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { DB_CONNECTION } from '../../platform/db/database.js';
import type { DbConnection } from '../../platform/db/database.types.js';
import { FileStorage } from '../../platform/files/file-storage.js';

let t: TestApp;
let a: SeededCompany;
let b: SeededCompany;
let superToken: string;
let png: Buffer;
const sockets: TestSocket[] = [];

type Filled = { adminToken: string; contactId: string; mediaFile: string };
const filled = new Map<string, Filled>();

/** A company full of data: WhatsApp paired, messages with a photo on disk, leads, a running follow-up (a pg-boss job), a task, products… */
async function fill(company: SeededCompany): Promise<Filled> {
  const adminToken = await signIn(t, company.admin.email);
  await signIn(t, company.sales[0].email);
  await connectWhatsApp(t, adminToken);
  const photo = await inbound(t, adminToken, {
    from: `+2010${company.slug.length}1234567`.slice(0, 13),
    name: 'Photo Sender',
    body: 'look',
    media: { base64: png.toString('base64'), mimeType: 'image/png', fileName: 'x.png' },
  });
  expect(photo.status).toBe(200);
  const contactId = photo.body.data.contactId as string;
  const other = await newContact(t, adminToken, `Lead of ${company.slug}`);
  const template = await createTemplate(t, adminToken, { name: 'Nudge', messages: [{ delay: 5, message: 'Still interested?' }] });
  await startRun(t, adminToken, other.id, template._id);
  expect((await t.api.post('/tasks', { title: 'Call back', assignedTo: company.sales[0].id }, { token: adminToken })).status).toBe(201);
  expect((await t.api.post('/canned-responses', { title: 'Hi', text: 'Hello!' }, { token: adminToken })).status).toBe(201);
  await seedProducts(t, company.tenantId, [{ name: 'Mug', sku: `MUG-${company.slug}`, price: 50 }]);
  await seedShippingCompanies(t, company.tenantId, ['Bosta']);
  const mediaFiles = readdirSync(join(t.config.dataDir, 'files', company.tenantId), { recursive: true, encoding: 'utf8' });
  expect(mediaFiles.length).toBeGreaterThan(0);
  return { adminToken, contactId, mediaFile: join(t.config.dataDir, 'files', company.tenantId) };
}

/** Rows of the company in every public table with a tenant_id column, read from the catalogue. */
async function rowsOf(tenantId: string): Promise<Record<string, number>> {
  const tables = await t.db.platform((tx) =>
    tx.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`),
  );
  const names = ((tables as any).rows ?? tables).map((r: { name: string }) => r.name) as string[];
  expect(names.length).toBeGreaterThan(15);
  const counts: Record<string, number> = {};
  for (const name of names) {
    const res = await t.db.platform((tx) => tx.execute(sql`select count(*)::int as n from ${sql.identifier(name)} where tenant_id = ${tenantId}`));
    counts[name] = ((res as any).rows ?? res)[0].n;
  }
  return counts;
}

async function jobsOf(tenantId: string): Promise<string[]> {
  const rows = await t.app.get<DbConnection>(DB_CONNECTION).raw<{ name: string }>(`select name from pgboss.job where data->>'tenantId' = $1`, [tenantId]);
  return rows.map((r) => r.name);
}

const pairingFile = (tenantId: string) => join(t.config.dataDir, 'whatsapp-sim', `${tenantId}.paired`);
const deleteCompany = (id: string, token = superToken) => t.api.delete(`/super/tenants/${id}`, { token });

beforeAll(async () => {
  t = await startFollowUpApp();
  png = await QRCode.toBuffer('a real png');
  a = await seedCompany(t, 'del-alpha', { sales: 2 });
  b = await seedCompany(t, 'del-bravo', { sales: 1 });
  await seedSuperAdmin(t);
  superToken = await superSignIn(t);
  filled.set(a.tenantId, await fill(a));
  filled.set(b.tenantId, await fill(b));
}, 120_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

describe('DELETE /super/tenants/{id}', () => {
  it("refuses a company admin's token and an unknown company", async () => {
    expect((await deleteCompany(a.tenantId, filled.get(a.tenantId)!.adminToken)).status).toBe(401);
    const unknown = await deleteCompany('01900000-0000-7000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'tenant.not_found', error: 'Company not found.' });
    expect((await deleteCompany('not-a-uuid')).status).toBe(400);
    expect((await t.api.get('/contacts', { token: filled.get(a.tenantId)!.adminToken })).status).toBe(200);
  });

  it('removes every row of the company in every tenant table, its jobs, files and WhatsApp session; the other company is untouched', async () => {
    // a table no module knows of yet (added by a future migration) is erased too
    await t.app
      .get<DbConnection>(DB_CONNECTION)
      .raw(`create table future_things (id serial primary key, tenant_id uuid not null); grant select, insert, update, delete on future_things to crm_platform`);
    await t.app.get<DbConnection>(DB_CONNECTION).raw(`insert into future_things (tenant_id) values ($1), ($1), ($2)`, [a.tenantId, b.tenantId]);
    const before = await rowsOf(a.tenantId);
    expect(before.future_things).toBe(2);
    for (const table of ['contacts', 'messages', 'users', 'user_sessions', 'products', 'tasks', 'notifications', 'whatsapp_accounts', 'tenant_settings', 'canned_responses', 'shipping_companies']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const otherBefore = await rowsOf(b.tenantId);
    expect(await jobsOf(a.tenantId)).not.toEqual([]);
    const bJobs = await jobsOf(b.tenantId);
    expect(existsSync(pairingFile(a.tenantId))).toBe(true);
    const socket = await connectSocket(t, filled.get(a.tenantId)!.adminToken);
    sockets.push(socket);

    const res = await deleteCompany(a.tenantId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: a.tenantId, name: `Company ${a.slug}` });
    expect(res.body.data.removed).toMatchObject({ contacts: before.contacts, messages: before.messages, users: before.users, future_things: 2 });
    expect(await socket.waitFor('force_logout')).toMatchObject({ reason: 'company_deleted' });

    const after = await rowsOf(a.tenantId);
    expect(Object.entries(after).filter(([table, n]) => n > 0 && table !== 'super_audit_log')).toEqual([]);
    expect(await jobsOf(a.tenantId).then((names) => names.filter((n) => n !== 'tenant-files.remove'))).toEqual([]);
    const [tenantRow] = ((await t.db.platform((tx) => tx.execute(sql`select count(*)::int as n from tenants where id = ${a.tenantId}`))) as any).rows ?? [];
    expect(tenantRow.n).toBe(0);
    await eventually(
      async () => existsSync(filled.get(a.tenantId)!.mediaFile) || existsSync(pairingFile(a.tenantId)),
      (left) => !left,
      15_000,
    );

    // the other company: every row, job and file still there, and it still works
    expect(await rowsOf(b.tenantId)).toEqual(otherBefore);
    expect((await jobsOf(b.tenantId)).sort()).toEqual(bJobs.sort());
    expect(existsSync(filled.get(b.tenantId)!.mediaFile)).toBe(true);
    expect(existsSync(pairingFile(b.tenantId))).toBe(true);
    const bToken = await signIn(t, b.sales[0].email);
    expect((await t.api.get('/contacts', { token: bToken })).body.data.total).toBeGreaterThan(0);
    const bAdmin = filled.get(b.tenantId)!.adminToken;
    const messages = await t.api.get(`/messages?contactId=${filled.get(b.tenantId)!.contactId}`, { token: bAdmin });
    const photo = messages.body.data.items.find((m: { meta?: { mediaUrl?: string } }) => m.meta?.mediaUrl);
    expect((await fetch(t.url + photo.meta.mediaUrl)).status).toBe(200);

    // the company's users can no longer sign in; the audit entry outlives the company
    expect((await t.api.post('/auth/login', { email: a.admin.email, password: 'Correct-Horse-9' })).status).toBe(401);
    const audit = await t.api.get(`/super/tenants/${a.tenantId}/audit`, { token: superToken });
    expect(audit.body.data.items[0]).toMatchObject({
      action: 'tenant.deleted',
      actorName: 'Root',
      before: { name: `Company ${a.slug}`, slug: a.slug },
      after: { removed: { contacts: before.contacts } },
    });
    expect((await t.api.get('/super/tenants', { token: superToken })).body.data.items.map((x: { _id: string }) => x._id)).not.toContain(a.tenantId);
    expect((await deleteCompany(a.tenantId)).status).toBe(404);
  });

  it('retries the file clean-up when a removal fails', async () => {
    const c = await seedCompany(t, 'del-charlie', { sales: 1 });
    const cFilled = await fill(c);
    const storage = t.app.get(FileStorage);
    const removal = vi.spyOn(storage, 'removeTenantFiles').mockRejectedValueOnce(new Error('disk busy'));
    try {
      expect((await deleteCompany(c.tenantId)).status).toBe(200);
      await eventually(
        async () => removal.mock.calls.length,
        (n) => n >= 1,
        10_000,
      );
      expect(existsSync(cFilled.mediaFile)).toBe(true);
      await eventually(
        async () => existsSync(cFilled.mediaFile) || existsSync(pairingFile(c.tenantId)),
        (left) => !left,
        30_000,
      );
      expect(removal.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      removal.mockRestore();
    }
    expect(existsSync(filled.get(b.tenantId)!.mediaFile)).toBe(true);
  }, 60_000);
});
