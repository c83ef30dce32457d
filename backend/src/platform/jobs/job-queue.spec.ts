import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedCompany } from '../../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { DB_CONNECTION } from '../db/database.js';
import type { DbConnection } from '../db/database.types.js';
import { JobQueue } from './job-queue.js';

let t: TestApp;
let tenantId: string;
const QUEUE = 'job-queue-spec';

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedCompany(t, 'jobs-alpha', { sales: 0 })).tenantId;
  await t.app.get(JobQueue).createQueue(QUEUE);
});
afterAll(async () => {
  await t?.close();
});

const raw = <T>(query: string, params: unknown[] = []) => t.app.get<DbConnection>(DB_CONNECTION).raw<T>(query, params);
const count = async (marker: string) => Number((await raw<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1 and data->>'marker' = $2`, [QUEUE, marker]))[0].n);

describe('JobQueue (pg-boss on the app database)', () => {
  it('enqueues inside a tenant transaction: the job exists only if the transaction commits', async () => {
    const jobs = t.app.get(JobQueue);
    await t.db.tenant(tenantId, (tx) => jobs.sendInTransaction(tx, QUEUE, { marker: 'committed' }));
    expect(await count('committed')).toBe(1);

    await expect(
      t.db.tenant(tenantId, async (tx) => {
        await jobs.sendInTransaction(tx, QUEUE, { marker: 'rolled-back' });
        throw new Error('the domain write failed');
      }),
    ).rejects.toThrow('the domain write failed');
    expect(await count('rolled-back')).toBe(0);
  });

  it('the app role may enqueue, but not read or change the queue', async () => {
    await expect(t.db.tenant(tenantId, (tx) => tx.execute(sql`select data from pgboss.job`))).rejects.toThrow();
    await expect(t.db.tenant(tenantId, (tx) => tx.execute(sql`delete from pgboss.job`))).rejects.toThrow();
  });

  it('runs the handler of a queued job', async () => {
    const jobs = t.app.get(JobQueue);
    const seen: string[] = [];
    await jobs.work<{ marker: string }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async (job) => {
      seen.push(job.data.marker);
    });
    await jobs.send(QUEUE, { marker: 'worked' });
    for (let i = 0; i < 100 && !seen.includes('worked'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(seen).toContain('worked');
  });

  it('takes a burst a batch at a time: thirty waiting jobs are all handled on one wake, not one per polling interval', async () => {
    const jobs = t.app.get(JobQueue);
    const burst = 'job-queue-spec-burst';
    await jobs.createQueue(burst);
    for (let i = 0; i < 30; i++) await jobs.send(burst, { marker: `burst-${i}` });
    const handled: string[] = [];
    const fetches: number[] = [];
    // a polling interval far longer than the test: only the first fetch can happen within it
    await jobs.workBatch<{ marker: string }>(burst, { pollingIntervalSeconds: 60, batchSize: 50 }, async (batch) => {
      fetches.push(batch.length);
      handled.push(...batch.map((job) => job.data.marker));
    });
    for (let i = 0; i < 100 && handled.length < 30; i++) await new Promise((r) => setTimeout(r, 50));
    expect(handled.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `burst-${i}`).sort());
    expect(fetches).toEqual([30]);
  });
});
