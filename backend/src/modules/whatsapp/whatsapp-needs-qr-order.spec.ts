import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedCompany, signIn } from '../../../test/fixtures.js';
import { connectWhatsApp, startMessengerApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { Database } from '../../platform/db/database.js';
import { WHATSAPP_SESSION_LEASE, type WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppSessionsService } from './whatsapp-sessions.service.js';
import { WhatsAppRepository } from './whatsapp.repository.js';

/*
 * A session that dies or is logged out from the phone moves to `needs_qr` and gives up its lease.
 * The moment the lease is free, an instance starting up (or this one restarting) decides from the
 * database whether the session should run: "auto-start off" must already be stored then, or it
 * restarts a session that needs a new QR.
 */
let t: TestApp;

beforeAll(async () => {
  // the app's own lease round must not run during the test
  t = await startMessengerApp({ env: { WHATSAPP_LEASE_SECONDS: '36000' } });
});
afterAll(() => t?.close());

describe('needs a QR: the order of the stop', () => {
  it('stores auto-start off before the lease is given up, so no instance starting then takes the session over', async () => {
    const company = await seedCompany(t, 'wa-needs-qr-order');
    const token = await signIn(t, company.admin.email);
    await connectWhatsApp(t, token);
    const lease = t.app.get<WhatsAppSessionLease>(WHATSAPP_SESSION_LEASE);
    const stored = () => t.app.get(Database).tenant(company.tenantId, (tx) => t.app.get(WhatsAppRepository).find(tx, company.tenantId));
    const release = lease.release.bind(lease);
    let seen: { state?: string; autoStart?: boolean; takenOverAtBoot: boolean } | undefined;
    let released!: () => void;
    const releasedOnce = new Promise<void>((resolve) => (released = resolve));
    const spy = vi.spyOn(lease, 'release').mockImplementation(async (tenantId: string) => {
      await release(tenantId);
      if (tenantId !== company.tenantId || seen) return;
      // what an instance starting right now reads
      const row = await stored();
      seen = { state: row?.state, autoStart: row?.autoStart, takenOverAtBoot: (await lease.toTakeOver(true)).includes(company.tenantId) };
      released();
    });
    try {
      expect((await t.api.post('/dev/whatsapp/disconnect', { mode: 'logout' }, { token })).status).toBe(200);
      await releasedOnce;
    } finally {
      spy.mockRestore();
    }
    expect(seen).toEqual({ state: 'needs_qr', autoStart: false, takenOverAtBoot: false });
    expect(t.app.get(WhatsAppSessionsService).runsHere(company.tenantId)).toBe(false);
    expect((await t.api.get('/whatsapp/status', { token })).body.data).toMatchObject({ state: 'needs_qr', reasonCode: 'logged_out' });
  });
});
