import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { setLeadDistribution } from '../../../test/crm-fixtures.js';
import { connectWhatsApp, inbound, startMessengerApp } from '../../../test/messenger.js';
import { tenantSettings } from '../tenants/tenants.table.js';
import { contacts, contactStageHistory } from './contacts.table.js';
import { importAndWait } from '../../../test/imports.js';

/**
 * "One way to create a contact": by hand, by import and by a WhatsApp message from an unknown
 * number, every contact gets the same first stage-history row and its assignee by one rule
 * (a sales user keeps their own; an admin's choice wins; otherwise the company's distribution).
 */
let t: TestApp;
let co: SeededCompany;
const token = { admin: '', sales1: '', sales2: '' };
let seq = 0;
/** A fresh Egyptian mobile, as typed (010…) and as stored (E.164). */
const mobile = () => {
  const local = `0106${String(++seq).padStart(7, '0')}`;
  return { local, e164: `+20${local.slice(1)}` };
};

beforeAll(async () => {
  t = await startMessengerApp();
  co = await seedCompany(t, 'creation', { sales: 2 });
  token.admin = await signIn(t, co.admin.email);
  token.sales1 = await signIn(t, co.sales[0].email);
  token.sales2 = await signIn(t, co.sales[1].email);
  await connectWhatsApp(t, token.admin);
});
afterAll(() => t?.close());

type Created = { phone: string; by: string | null; source: 'manual' | 'import' | 'whatsapp' };

async function byHand(as: string, by: string, body: Record<string, unknown> = {}): Promise<Created> {
  const { local, e164 } = mobile();
  const res = await t.api.post('/contacts', { name: `Hand ${seq}`, phone: local, ...body }, { token: as });
  expect(res.status, res.body.error).toBe(201);
  return { phone: e164, by, source: 'manual' };
}

async function byImport(as: string, by: string, rows: number): Promise<Created[]> {
  const phones = Array.from({ length: rows }, mobile);
  const csv = ['Name,Phone', ...phones.map((p, i) => `Imported ${i},${p.local}`)].join('\n');
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(csv)]), 'leads.csv');
  const res = await importAndWait(t, form, as);
  expect(res.status, res.body.error).toBe(200);
  expect(res.body.data.created).toBe(rows);
  return phones.map((p) => ({ phone: p.e164, by, source: 'import' }));
}

async function byMessage(): Promise<Created> {
  const { e164 } = mobile();
  const res = await inbound(t, token.admin, { from: e164, name: `Sender ${seq}`, body: 'hello' });
  expect(res.status, res.body.error).toBe(200);
  expect(res.body.data.status).toBe('stored');
  return { phone: e164, by: null, source: 'whatsapp' };
}

/** Each contact's assignee, after checking it has exactly one history row: created as a lead, by whom. */
async function assigneesOf(created: Created[]): Promise<(string | null)[]> {
  return t.db.platform(async (tx) => {
    const out: (string | null)[] = [];
    for (const c of created) {
      const [row] = await tx
        .select()
        .from(contacts)
        .where(and(eq(contacts.tenantId, co.tenantId), eq(contacts.phone, c.phone)));
      expect(row, c.phone).toMatchObject({ stage: 'lead', source: c.source });
      const history = await tx.select().from(contactStageHistory).where(eq(contactStageHistory.contactId, row.id));
      expect(history, `${c.source} ${c.phone}`).toEqual([expect.objectContaining({ tenantId: co.tenantId, fromStage: null, toStage: 'lead', changedBy: c.by, changedAt: row.createdAt })]);
      out.push(row.assignedTo);
    }
    return out;
  });
}

const cursor = () => t.db.platform(async (tx) => (await tx.select().from(tenantSettings).where(eq(tenantSettings.tenantId, co.tenantId)))[0].roundRobinLastUserId);

describe('creating a contact by hand, by import and by an inbound message', () => {
  it('round-robin: whatever nobody chose is dealt in one turn order across every source; a choice or a sales user’s own lead does not take a turn', async () => {
    await setLeadDistribution(t, token.admin, 'round-robin');
    const [s1, s2] = [co.sales[0].id, co.sales[1].id];
    const created: Created[] = [];
    created.push(await byHand(token.admin, co.admin.id)); // dealt: s1
    created.push(...(await byImport(token.admin, co.admin.id, 2))); // dealt: s2, s1
    created.push(await byMessage()); // dealt: s2
    created.push(await byHand(token.admin, co.admin.id, { assignedTo: s1 })); // chosen: s1
    created.push(await byHand(token.sales2, s2)); // their own: s2
    created.push(...(await byImport(token.sales1, s1, 1))); // their own: s1
    created.push(await byMessage()); // dealt: s1 (after s2)
    created.push(await byHand(token.admin, co.admin.id)); // dealt: s2

    expect(await assigneesOf(created)).toEqual([s1, s2, s1, s2, s1, s2, s1, s1, s2]);
    expect(await cursor()).toBe(s2);
  });

  it('manual distribution: whatever nobody chose stays unassigned; a choice or a sales user’s own lead is kept', async () => {
    await setLeadDistribution(t, token.admin, 'manual');
    const [s1, s2] = [co.sales[0].id, co.sales[1].id];
    const before = await cursor();
    const created: Created[] = [
      await byHand(token.admin, co.admin.id),
      ...(await byImport(token.admin, co.admin.id, 2)),
      await byMessage(),
      await byHand(token.admin, co.admin.id, { assignedTo: s2 }),
      await byHand(token.sales1, s1),
      ...(await byImport(token.sales2, s2, 1)),
    ];
    expect(await assigneesOf(created)).toEqual([null, null, null, null, s2, s1, s2]);
    expect(await cursor()).toBe(before);
    await setLeadDistribution(t, token.admin, 'round-robin');
  });

  it('the profile shows the first history row, named after who created the contact', async () => {
    const { local } = mobile();
    const res = await t.api.post('/contacts', { name: 'Profiled', phone: local }, { token: token.sales1 });
    expect(res.body.data.stageHistory).toEqual([{ _id: expect.any(String), from: null, to: 'lead', timestamp: res.body.data.createdAt, changedBy: { _id: co.sales[0].id, name: co.sales[0].name } }]);
  });
});
