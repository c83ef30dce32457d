import { describe, expect, it, vi } from 'vitest';
import { RedisCloudSendPace } from './cloud-send-pace.js';
import { CloudThroughput } from './cloud-throughput.js';
import { GraphApiError } from './graph-api.js';

/** A clock that only moves when the throughput waits: what it waited is what a send would have. */
function fakeTime() {
  let now = 0;
  const waits: number[] = [];
  return { waits, now: () => now, sleep: async (ms: number) => void (waits.push(ms), (now += ms)) };
}
const refused = (code: number) => new GraphApiError(`refused ${code}`, 400, code);

describe("each phone number's pace of sends, and Meta's 130429", () => {
  it('spaces the sends of one number to its rate; another number has its own pace', async () => {
    const time = fakeTime();
    const pace = new CloudThroughput({ ratePerSecond: 10, retries: 3, backoffMs: 1000 }, time.sleep, time.now);
    for (let i = 0; i < 3; i++) await pace.run('A', async () => 'sent');
    await pace.run('B', async () => 'sent');
    expect(time.waits).toEqual([100, 100]);
  });

  it('130429: the number waits, longer each time in a row, and the send is tried again until it goes', async () => {
    const time = fakeTime();
    const pace = new CloudThroughput({ ratePerSecond: 1000, retries: 3, backoffMs: 500 }, time.sleep, time.now);
    let calls = 0;
    const answer = await pace.run('A', async () => {
      if (++calls < 3) throw refused(130429);
      return 'sent';
    });
    expect(answer).toBe('sent');
    expect(calls).toBe(3);
    expect(time.waits).toEqual([500, 1000]);
  });

  it('gives up after its retries with the 130429 itself (the message fails as rate_limited)', async () => {
    const time = fakeTime();
    const pace = new CloudThroughput({ ratePerSecond: 1000, retries: 2, backoffMs: 10 }, time.sleep, time.now);
    let calls = 0;
    const err = await pace.run('A', () => (calls++, Promise.reject(refused(130429)))).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 130429 });
    expect(calls).toBe(3);
  });

  it.each([131047, 131026, 131056, 190, null])('Meta refusing with %s is not tried again', async (code) => {
    const time = fakeTime();
    const pace = new CloudThroughput({ ratePerSecond: 1000, retries: 5, backoffMs: 10 }, time.sleep, time.now);
    let calls = 0;
    const err = new GraphApiError('no', code === null ? 503 : 400, code);
    await expect(pace.run('A', () => (calls++, Promise.reject(err)))).rejects.toBe(err);
    expect(calls).toBe(1);
  });

  it('Redis out of reach at send time: the sends still go, paced by this process alone, and it is said once', async () => {
    const time = fakeTime();
    const warn = vi.fn();
    let ready = false;
    const redis = {
      get isReady() {
        return ready;
      },
      eval: () => Promise.reject(new Error('Command timeout')),
    };
    const pace = new CloudThroughput({ ratePerSecond: 10, retries: 3, backoffMs: 500 }, time.sleep, time.now, new RedisCloudSendPace(redis, 'crm', warn, time.now));
    let calls = 0;
    expect(await pace.run('A', async () => (++calls === 1 ? Promise.reject(refused(130429)) : 'sent'))).toBe('sent');
    ready = true; // connected, but Redis does not answer in time
    for (let i = 0; i < 2; i++) await pace.run('A', async () => 'sent');
    expect(time.waits).toEqual([500, 100, 100]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('not connected');
  });
});
