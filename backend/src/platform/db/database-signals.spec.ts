import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { connectDatabase } from './connect.js';
import { DatabaseSignals } from './database-signals.js';
import type { DbConnection } from './database.types.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = read();
    if (ok(v) || Date.now() > end) return v;
    await sleep(20);
  }
}

/*
 * Signals between instances (the owner of a company's WhatsApp session is told to send): two
 * "instances" are two connections to one database. On PGlite both ends are one connection.
 */
describe('DatabaseSignals', () => {
  let database: TestDatabase;
  let one: DbConnection;
  let two: DbConnection;
  let sender: DatabaseSignals;
  let receiver: DatabaseSignals;

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await connectDatabase({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir });
    two = database.databaseUrl ? await connectDatabase({ databaseUrl: database.databaseUrl }) : one;
    sender = new DatabaseSignals(one);
    receiver = new DatabaseSignals(two);
  });
  afterAll(async () => {
    await receiver?.onApplicationShutdown();
    await sender?.onApplicationShutdown();
    await one?.close();
    if (two && two !== one) await two.close();
    await database?.drop();
  });

  it('delivers what another instance notifies to the listeners of that channel only, in order', async () => {
    const heard: string[] = [];
    const other: string[] = [];
    const stop = await receiver.listen('crm_test_signal', (payload) => heard.push(payload));
    const stopOther = await receiver.listen('crm_test_other', (payload) => other.push(payload));
    for (const payload of ['tenant-1', 'tenant-2', 'tenant-3']) await sender.notify('crm_test_signal', payload);
    expect(
      await until(
        () => heard,
        (h) => h.length === 3,
      ),
    ).toEqual(['tenant-1', 'tenant-2', 'tenant-3']);
    expect(other).toEqual([]);
    stop();
    await sender.notify('crm_test_signal', 'after stop');
    await sender.notify('crm_test_other', 'still listening');
    await until(
      () => other,
      (o) => o.length === 1,
    );
    expect(heard).toEqual(['tenant-1', 'tenant-2', 'tenant-3']);
    stopOther();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'after its listening connection is killed it reconnects, asks its listeners to catch up, and hears again',
    async () => {
      const heard: string[] = [];
      let caughtUp = 0;
      await receiver.listen(
        'crm_test_reconnect',
        (payload) => heard.push(payload),
        () => caughtUp++,
      );
      await sender.notify('crm_test_reconnect', 'before');
      await until(
        () => heard,
        (h) => h.length === 1,
      );
      // the database ends the listening session (a restart, a network cut, an idle timeout)
      await one.raw(`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN %crm_test_reconnect%'`);
      expect(
        await until(
          () => caughtUp,
          (n) => n === 1,
          10_000,
        ),
      ).toBe(1);
      await sender.notify('crm_test_reconnect', 'after');
      expect(
        await until(
          () => heard,
          (h) => h.length === 2,
        ),
      ).toEqual(['before', 'after']);
    },
    20_000,
  );
});
