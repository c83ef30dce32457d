import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalCloudSendPace, RedisCloudSendPace } from './cloud-send-pace.js';
import { CloudThroughput } from './cloud-throughput.js';
import { GraphApiError } from './graph-api.js';

// Redis is there when the PostgreSQL suite runs (as for the two-instance tests), or when REDIS_URL says so.
const REDIS_URL = process.env.REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);

const options = { ratePerSecond: 20, retries: 3, backoffMs: 400 };
const throughput = new GraphApiError('Rate limit hit', 400, 130429);

/** Sends `count` messages through each instance at once; how long until the last went (ms). */
async function sendTogether(instances: CloudThroughput[], phoneNumberId: string, count: number) {
  const started = performance.now();
  await Promise.all(instances.flatMap((instance) => Array.from({ length: count }, () => instance.run(phoneNumberId, async () => 'sent'))));
  return performance.now() - started;
}

describe.skipIf(!REDIS_URL)("a number's pace shared by several backend instances (Redis)", () => {
  // one client per instance, as two backends would have
  const clients = [createClient({ url: REDIS_URL }), createClient({ url: REDIS_URL })];
  const deployment = `test-cloud-pace-${randomUUID()}`;
  const instances = () => clients.map((client) => CloudThroughput.sharing(options, new RedisCloudSendPace(client, deployment, () => undefined)));

  beforeAll(async () => {
    await Promise.all(clients.map((client) => client.connect()));
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });

  it("two instances together keep to the number's rate, where each pacing alone would send twice as fast", async () => {
    const number = randomUUID();
    // 20 sends at 20/s: the last one 19 slots of 50 ms after the first
    expect(await sendTogether(instances(), number, 10)).toBeGreaterThanOrEqual(900);
    const alone = [new LocalCloudSendPace(), new LocalCloudSendPace()].map((pace) => CloudThroughput.sharing(options, pace));
    expect(await sendTogether(alone, randomUUID(), 10)).toBeLessThan(700);
    // the pace forgets itself: the key expires on its own
    expect(await clients[0]!.pTTL(`${deployment}:cloud-pace:${number}`)).toBeGreaterThan(0);
  });

  it('a 130429 answered to one instance pauses the next send of the other', async () => {
    const number = randomUUID();
    const [one, other] = instances();
    let calls = 0;
    // one's send is refused once, pausing the number 400 ms, and goes after the pause
    const refusedOnce = one!.run(number, async () => (++calls === 1 ? Promise.reject(throughput) : 'sent'));
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    await other!.run(number, async () => 'sent');
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(await refusedOnce).toBe('sent');
    expect(calls).toBe(2);
  });

  it('130429s in a row double the pause, whichever instance they were answered to', async () => {
    const number = randomUUID();
    const [one, other] = clients.map((client) => new RedisCloudSendPace(client, deployment, () => undefined));
    await one!.refused(number, 100);
    await other!.refused(number, 100);
    // the second in a row pauses 200 ms, for both
    expect(await one!.take(number, 50)).toBeGreaterThan(150);
    expect(await other!.take(number, 50)).toBeGreaterThan(200);
  });
});
