import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalPresenceCounter, RedisPresenceCounter } from './presence-counter.js';

// Redis is there when the PostgreSQL suite runs (as for the two-instance tests), or when REDIS_URL says so.
const REDIS_URL = process.env.REDIS_URL ?? (process.env.TEST_DATABASE_URL ? 'redis://127.0.0.1:6379' : undefined);

const leaving = { ms: 300, idle: false };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LocalPresenceCounter', () => {
  it("counts a user's sockets and never goes below zero", async () => {
    const counter = new LocalPresenceCounter();
    expect(await counter.add('u')).toBe(1);
    expect(await counter.add('u')).toBe(2);
    expect(await counter.remove('u', leaving)).toBe(1);
    expect(await counter.remove('u', leaving)).toBe(0);
    expect(await counter.remove('u', leaving)).toBe(0);
    expect(await counter.count('u')).toBe(0);
  });

  it('a user whose last socket closed is leaving for the grace time, as idle as they were, unless a socket comes back', async () => {
    const counter = new LocalPresenceCounter();
    await counter.add('u');
    await counter.add('v');
    await counter.add('v');
    await counter.remove('v', leaving);
    expect(await counter.leaving(['u', 'v'])).toEqual(new Map()); // sockets left: not leaving
    await counter.remove('u', { ms: 300, idle: true });
    expect(await counter.leaving(['u', 'v'])).toEqual(new Map([['u', { idle: true }]]));
    await sleep(350);
    expect(await counter.leaving(['u'])).toEqual(new Map());
    await counter.remove('v', leaving);
    await counter.add('v');
    expect(await counter.leaving(['v'])).toEqual(new Map());
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
    expect(await b.remove(user, leaving)).toBe(0);
    expect(await redis.exists(`crm:presence:user:${user}`)).toBe(0);
    await b.stop();
  });

  it('a user whose last socket on any instance closed is leaving for the grace time on every instance, unless a socket comes back', async () => {
    const user = randomUUID();
    const [a, b] = [await RedisPresenceCounter.start(redis), await RedisPresenceCounter.start(redis)];
    await a.add(user);
    await b.add(user);
    await a.remove(user, leaving);
    expect(await b.leaving([user])).toEqual(new Map()); // a socket left on b
    await b.remove(user, { ms: 300, idle: true });
    expect(await a.leaving([user, randomUUID()])).toEqual(new Map([[user, { idle: true }]]));
    await sleep(350);
    expect(await a.leaving([user])).toEqual(new Map());
    await b.add(user);
    await b.remove(user, leaving);
    await a.add(user);
    expect(await b.leaving([user])).toEqual(new Map());
    await a.remove(user, leaving);
    await Promise.all([a.stop(), b.stop()]);
  });
});
