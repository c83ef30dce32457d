import { AsyncLocalStorage } from 'node:async_hooks';
import { Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { addLead } from '../../../test/crm-fixtures.js';

/*
 * What a user waits for on every screen: a page of a list is at most two round trips to
 * PostgreSQL (the session check, the transaction's settings, the page, its rows and the commit
 * ride on them), so a list answers as fast as its SQL. A round trip is counted when a connection
 * that has nothing in flight sends a query: queries written behind one still unanswered (pipelined)
 * share its wait. Each round trip is also one write to the socket: on the loopback a write is a
 * system call that also wakes the PostgreSQL backend, the dearest CPU of a list call on 2 cores.
 */
type Inflight = { _activeQuery?: unknown; _sentQueryQueue?: unknown[]; _queryQueue: unknown[]; pipeline?: boolean; connection: { stream: Socket } };

describe.skipIf(!process.env.TEST_DATABASE_URL)('round trips of a list call on PostgreSQL', () => {
  let t: TestApp;
  let token: string;
  let acmeAdmin: string;
  let roundTrips = 0;
  let writes = 0;
  const query = pg.Client.prototype.query;
  const { _write: write, _writev: writev } = Socket.prototype as unknown as Record<'_write' | '_writev', (...a: unknown[]) => unknown>;
  const toPostgres = new WeakSet<Socket>();
  const inRequest = new AsyncLocalStorage<boolean>();

  beforeAll(async () => {
    t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '10000000', SESSION_MAX_HOURS: '1000000' } });
    const acme = await seedCompany(t, 'acme', { sales: 1 });
    acmeAdmin = acme.admin.email;
    token = await signIn(t, acmeAdmin);
    for (let i = 0; i < 3; i++) await addLead(t, token, { name: `Lead ${i}`, phone: `0100000000${i}` });
    // only the requests' own queries: the app's background rounds (jobs, leases) query meanwhile
    const server = t.app.getHttpServer();
    const handlers = server.listeners('request') as ((...a: unknown[]) => void)[];
    server.removeAllListeners('request');
    server.on('request', (...a: unknown[]) => inRequest.run(true, () => handlers.forEach((h) => h.apply(server, a))));
    pg.Client.prototype.query = function (this: pg.Client & Inflight, ...args: unknown[]) {
      const idle = !this._activeQuery && !this._sentQueryQueue?.length && !this._queryQueue.length;
      if (inRequest.getStore() && (!this.pipeline || idle)) roundTrips++;
      toPostgres.add(this.connection.stream);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    for (const [name, original] of [['_write', write] as const, ['_writev', writev] as const]) {
      (Socket.prototype as unknown as Record<string, unknown>)[name] = function (this: Socket, ...args: unknown[]) {
        if (inRequest.getStore() && toPostgres.has(this)) writes++;
        return original.apply(this, args);
      };
    }
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    Object.assign(Socket.prototype, { _write: write, _writev: writev });
    await t?.close();
  });

  const roundTripsOf = async (call: () => Promise<unknown>) => {
    roundTrips = 0;
    writes = 0;
    await call();
    return roundTrips;
  };

  it('GET /contacts?stage=lead page 1 answers a full page and its total in at most 2 round trips, once the session was checked', async () => {
    const first = await t.api.get('/contacts?stage=lead&page=1&limit=20', { token });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let body: { items: { name: string }[]; total: number } | undefined;
    const trips = await roundTripsOf(async () => {
      // a full page: its total is counted
      const res = await t.api.get('/contacts?stage=lead&page=1&limit=2', { token });
      expect(res.status).toBe(200);
      body = res.body.data;
    });
    expect(body!.items.map((c) => c.name)).toEqual(['Lead 2', 'Lead 1']);
    expect(body!.total).toBe(3);
    console.log(`round trips of a list call: ${trips}, writes to PostgreSQL: ${writes}`);
    expect(trips).toBeLessThanOrEqual(2);
    expect(writes).toBe(trips);
  });
});

// On PGlite as on PostgreSQL: a read admitted on a session seen valid a moment ago is still checked
// before it answers, in its first transaction or, with none, on its own.
describe('a read request of a session that just ended gets nothing', () => {
  let t: TestApp;
  let acme: SeededCompany;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { SESSION_IDLE_MINUTES: '10000000', SESSION_MAX_HOURS: '1000000' } });
    acme = await seedCompany(t, 'acme', { sales: 1 });
    admin = await signIn(t, acme.admin.email);
    await addLead(t, admin, { name: 'Lead', phone: '01000000009' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a signed-out token is refused by the very next list call; the same user’s other session is not', async () => {
    const other = await signIn(t, acme.admin.email);
    expect((await t.api.get('/contacts?stage=lead', { token: other })).status).toBe(200);
    expect((await t.api.post('/auth/logout', {}, { token: other })).status).toBe(200);
    const res = await t.api.get('/contacts?stage=lead', { token: other });
    expect(res.status).toBe(401);
    expect((await t.api.get('/contacts?stage=lead', { token: admin })).status).toBe(200);
  });

  it('a deactivated user’s next reads are refused with the reason, whether or not they read the company’s rows', async () => {
    const rep = acme.sales[0];
    const token = await signIn(t, rep.email);
    for (const path of ['/contacts?stage=lead', '/whatsapp/status']) expect((await t.api.get(path, { token })).status).toBe(200);
    expect((await t.api.put(`/users/${rep.id}`, { isActive: false }, { token: admin })).status).toBe(200);
    // the status first: it reads no company rows, and a refusal makes the next read check in full
    for (const path of ['/whatsapp/status', '/contacts?stage=lead']) {
      const res = await t.api.get(path, { token });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Your account has been deactivated. Please contact your administrator.');
      expect(res.body.data).toBeUndefined();
    }
  });
});
