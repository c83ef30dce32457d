import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/fixtures.js';
import { startMessengerApp } from '../../../test/messenger.js';
import type { TestApp } from '../../../test/test-app.js';
import { ManualClock } from '../../platform/clock.js';
import type { PlatformTx } from '../../platform/db/database.types.js';
import { WhatsAppSessionLeaseRepository } from './whatsapp-session-lease.repository.js';
import { WhatsAppSessionLease } from './whatsapp-session-lease.js';
import { WhatsAppRepository } from './whatsapp.repository.js';

/*
 * The lease rules on the real SQL (PGlite, or PostgreSQL with TEST_DATABASE_URL), with two
 * instances' leases sharing one test clock, as two machines share one wall clock.
 */
const TTL = 20_000;

/** A database that stops answering renewals, as during an outage. */
class FailingRenewals extends WhatsAppSessionLeaseRepository {
  failing = false;
  override renew(tx: PlatformTx, tenantIds: string[], owner: string, expiresAt: Date) {
    if (this.failing) return Promise.reject(new Error('connection refused'));
    return super.renew(tx, tenantIds, owner, expiresAt);
  }
}

describe('WhatsApp session lease', () => {
  let t: TestApp;
  let clock: ManualClock;
  let a: WhatsAppSessionLease;
  let b: WhatsAppSessionLease;
  let repoOfA: FailingRenewals;
  let tenantId: string;
  let n = 0;

  beforeAll(async () => {
    // the app's own lease sweep must not run during the test (it would take the sessions over)
    t = await startMessengerApp({ env: { WHATSAPP_LEASE_SECONDS: '36000' } });
  }, 60_000);
  afterAll(() => t?.close());

  beforeEach(async () => {
    clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
    repoOfA = new FailingRenewals();
    a = new WhatsAppSessionLease(t.db, repoOfA, clock, { instanceId: 'instance-a', ttlMs: TTL });
    b = new WhatsAppSessionLease(t.db, new WhatsAppSessionLeaseRepository(), clock, { instanceId: 'instance-b', ttlMs: TTL });
    tenantId = (await seedCompany(t, `lease-${++n}`, { sales: 0 })).tenantId;
  });

  /** The company's WhatsApp was connected (it should run after a restart). */
  const connectedBefore = (id: string) =>
    t.db.tenant(id, async (tx) => {
      const repo = t.app.get(WhatsAppRepository);
      await repo.ensure(tx, id);
      await repo.update(tx, id, { autoStart: true, state: 'connected' });
    });

  it('one owner at a time: the first acquires, the other is refused, the owner may acquire again', async () => {
    expect(await a.acquire(tenantId)).toBe(true);
    expect(await b.acquire(tenantId)).toBe(false);
    expect(await a.acquire(tenantId)).toBe(true);
    expect(a.holds(tenantId)).toBe(true);
    expect(b.holds(tenantId)).toBe(false);
    expect(await b.heldElsewhere(tenantId)).toBe(true);
    expect(await a.heldElsewhere(tenantId)).toBe(false);
  });

  it('renewed every third of the TTL, the lease never expires; unrenewed, it expires and the other takes it, and the old owner learns it lost it', async () => {
    await a.acquire(tenantId);
    for (let i = 0; i < 5; i++) {
      clock.advance(a.renewEveryMs);
      expect(await a.renew()).toEqual([]);
      expect(await b.acquire(tenantId)).toBe(false);
    }
    clock.advance(TTL - 1);
    expect(await b.acquire(tenantId)).toBe(false);
    clock.advance(2);
    expect(await b.acquire(tenantId)).toBe(true);
    expect(await a.renew()).toEqual([tenantId]);
    expect(a.holds(tenantId)).toBe(false);
    // and A does not take it back while B renews
    expect(await a.acquire(tenantId)).toBe(false);
  });

  it('released (stopped on purpose): free at once, and no sweep restarts it; at boot it is restarted', async () => {
    await connectedBefore(tenantId);
    await a.acquire(tenantId);
    await a.release(tenantId);
    expect(a.holds(tenantId)).toBe(false);
    expect(await b.toTakeOver(false)).not.toContain(tenantId);
    expect(await b.toTakeOver(true)).toContain(tenantId);
    expect(await b.acquire(tenantId)).toBe(true);
  });

  it("handed over at shutdown: the other instance's sweep takes it over at once", async () => {
    await connectedBefore(tenantId);
    await a.acquire(tenantId);
    expect(await b.toTakeOver(false)).not.toContain(tenantId);
    await a.handOverAll();
    expect(await b.toTakeOver(false)).toContain(tenantId);
    expect(await b.acquire(tenantId)).toBe(true);
    expect(await b.toTakeOver(false)).not.toContain(tenantId);
  });

  it('an owner that died: its lease is taken over by the sweep only after the TTL; not a session that should not run', async () => {
    await connectedBefore(tenantId);
    const idle = (await seedCompany(t, `lease-idle-${n}`, { sales: 0 })).tenantId;
    await a.acquire(tenantId);
    await a.acquire(idle);
    clock.advance(TTL - 1);
    expect(await b.toTakeOver(false)).not.toContain(tenantId);
    clock.advance(2);
    const orphans = await b.toTakeOver(false);
    expect(orphans).toContain(tenantId);
    expect(orphans).not.toContain(idle);
  });

  it('renewals that cannot reach the database: the lease is given up before it could expire under the owner', async () => {
    await a.acquire(tenantId);
    repoOfA.failing = true;
    clock.advance(a.renewEveryMs);
    expect(await a.renew()).toEqual([]);
    expect(a.holds(tenantId)).toBe(true);
    clock.advance(a.renewEveryMs);
    // the next renewal would come after the expiry: stop now
    expect(await a.renew()).toEqual([tenantId]);
    expect(a.holds(tenantId)).toBe(false);
    expect(await b.acquire(tenantId)).toBe(false);
    clock.advance(TTL);
    expect(await b.acquire(tenantId)).toBe(true);
  });

  it('revoked by another instance (logout, suspension there): the owner loses it at its next renewal', async () => {
    await a.acquire(tenantId);
    expect(await b.revokeElsewhere(tenantId)).toBe(true);
    expect(await b.revokeElsewhere(tenantId)).toBe(false);
    expect(await a.renew()).toEqual([tenantId]);
  });
});
