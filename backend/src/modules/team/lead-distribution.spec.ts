import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead } from '../../../test/crm-fixtures.js';
import { connectSocket, sleep, startMessengerApp, type TestSocket } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { dealInTurn } from '../contacts/contact-creation.service.js';

let t: TestApp;
const sockets: TestSocket[] = [];

// the offline grace time, shorter than the default 5 s
const GRACE_MS = 2_000;

beforeAll(async () => {
  t = await startMessengerApp({ env: { PRESENCE_OFFLINE_GRACE_SECONDS: String(GRACE_MS / 1000) } });
}, 60_000);
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t?.close();
});

let n = 0;
const phone = () => `+2010066${String(++n).padStart(5, '0')}`;
const settings = (token: string, body: Record<string, unknown>) => t.api.put('/auth/tenant/settings', body, { token });

/** The assignee of each of `count` new leads an admin adds without choosing one. */
async function dealt(token: string, count: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push((await addLead(t, token, { name: `Lead ${n}`, phone: phone() })).assignedTo?._id);
  return out;
}

describe('Team Settings: lead distribution', () => {
  let c: SeededCompany;
  let admin: string;
  beforeAll(async () => {
    c = await seedCompany(t, 'dist-alpha', { sales: 3 });
    admin = await signIn(t, c.admin.email);
  });

  it('reads and saves the strategy and the skip-offline option (admins only; another company unaffected)', async () => {
    const other = await seedCompany(t, 'dist-beta', { sales: 1 });
    const otherAdmin = await signIn(t, other.admin.email);
    expect((await t.api.get('/auth/tenant/settings', { token: admin })).body.data).toEqual({ settings: { leadDistributionStrategy: 'round-robin', skipOfflineReps: false, repsMayHandOver: false } });
    const saved = await settings(admin, { leadDistributionStrategy: 'manual', skipOfflineReps: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toEqual({ leadDistributionStrategy: 'manual', skipOfflineReps: true, repsMayHandOver: false });
    // a client that sends only the strategy (the spec's form) keeps the option
    expect((await settings(admin, { settings: { leadDistributionStrategy: 'round-robin' } })).body.data.settings).toEqual({
      leadDistributionStrategy: 'round-robin',
      skipOfflineReps: true,
      repsMayHandOver: false,
    });
    expect((await t.api.get('/auth/tenant/settings', { token: otherAdmin })).body.data.settings).toEqual({ leadDistributionStrategy: 'round-robin', skipOfflineReps: false, repsMayHandOver: false });

    const sales = await signIn(t, c.sales[0].email);
    const refused = await settings(sales, { leadDistributionStrategy: 'manual' });
    expect(refused.status).toBe(403);
    const bad = await settings(admin, { leadDistributionStrategy: 'lottery' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/round-robin or manual/);
    await settings(admin, { leadDistributionStrategy: 'round-robin', skipOfflineReps: false });
  });

  it('round-robin never gives a lead to a deactivated rep, and gives them their turn again once reactivated', async () => {
    const [r1, r2, r3] = c.sales.map((s) => s.id);
    expect((await t.api.put(`/users/${r2}`, { isActive: false }, { token: admin })).status).toBe(200);
    const six = await dealt(admin, 6);
    expect(six).not.toContain(r2);
    expect(new Set(six)).toEqual(new Set([r1, r3]));
    expect((await t.api.put(`/users/${r2}`, { isActive: true }, { token: admin })).status).toBe(200);
    expect(new Set(await dealt(admin, 3))).toEqual(new Set([r1, r2, r3]));
  });

  it('with skip-offline on, only connected reps get leads; when every rep is offline, all active reps do', async () => {
    const [r1, r2, r3] = c.sales.map((s) => s.id);
    await settings(admin, { leadDistributionStrategy: 'round-robin', skipOfflineReps: true });
    // nobody online: still dealt to every active rep, none left unassigned
    expect(new Set(await dealt(admin, 3))).toEqual(new Set([r1, r2, r3]));

    const s = await connectSocket(t, await signIn(t, c.sales[2].email));
    sockets.push(s);
    expect(await dealt(admin, 3)).toEqual([r3, r3, r3]);

    // a reload: within the grace time the rep is still online, for lead distribution as for Team Users
    await s.closeAndWait();
    await sleep(300);
    expect(await dealt(admin, 3)).toEqual([r3, r3, r3]);
    // gone for longer: offline
    await sleep(GRACE_MS);
    expect(new Set(await dealt(admin, 3))).toEqual(new Set([r1, r2, r3]));
    await settings(admin, { leadDistributionStrategy: 'round-robin', skipOfflineReps: false });
  }, 30_000);
});

describe('dealInTurn', () => {
  const all = () => true;
  it('continues after the last one dealt to, passing over the ineligible', () => {
    expect(dealInTurn(['a', 'b', 'c'], null, 4, all)).toEqual(['a', 'b', 'c', 'a']);
    expect(dealInTurn(['a', 'b', 'c'], 'b', 2, all)).toEqual(['c', 'a']);
    expect(dealInTurn(['a', 'b', 'c'], 'a', 3, (id) => id !== 'b')).toEqual(['c', 'a', 'c']);
    expect(dealInTurn(['a', 'b', 'c'], 'gone', 2, all)).toEqual(['a', 'b']);
  });
});
