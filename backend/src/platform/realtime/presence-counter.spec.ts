import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPresenceCounter, RedisPresenceCounter } from './presence-counter.js';

// Redis is there when the PostgreSQL suite runs (as for the two-instance tests), or when REDIS_URL says so.
const REDIS_URL = process.env.REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);

describe('LocalPresenceCounter', () => {
  it("counts a user's sockets and never goes below zero", async () => {
    const counter = new LocalPresenceCounter();
    expect(await counter.add('u')).toBe(1);
    expect(await counter.add('u')).toBe(2);
    expect(await counter.remove('u')).toBe(1);
    expect(await counter.remove('u')).toBe(0);
    expect(await counter.remove('u')).toBe(0);
    expect(await counter.count('u')).toBe(0);
  });
});

describe.skipIf(!REDIS_URL)('RedisPresenceCounter (several instances)', () => {
  const redis = createClient({ url: REDIS_URL });
  beforeAll(async () => {
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it("sums a user's sockets over instances; an instance that stops counting (its heartbeat gone) no longer keeps them online", async () => {
    const user = randomUUID();
    const [a, b] = [await RedisPresenceCounter.start(redis), await RedisPresenceCounter.start(redis)];
    expect(await a.add(user)).toBe(1);
    expect(await b.add(user)).toBe(2);
    expect(await a.add(user)).toBe(3);
    expect(await b.count(user)).toBe(3);

    // instance a dies with two sockets open: only b's socket counts
    await a.stop();
    expect(await b.count(user)).toBe(1);
    expect(await b.remove(user)).toBe(0);
    expect(await redis.exists(`crm:presence:user:${user}`)).toBe(0);
    await b.stop();
  });
});
