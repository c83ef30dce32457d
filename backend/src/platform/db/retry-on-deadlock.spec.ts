import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './retry-on-deadlock.js';

describe('retryOnDeadlock', () => {
  const deadlock = Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) });

  it('tries a write again after PostgreSQL aborted it as a deadlock victim', async () => {
    let calls = 0;
    const result = await retryOnDeadlock(async () => {
      calls++;
      if (calls < 3) throw deadlock;
      return 'saved';
    });
    expect([result, calls]).toEqual(['saved', 3]);
  });

  it('gives up after the last attempt and never retries other errors', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => (calls++, Promise.reject(deadlock)))).rejects.toBe(deadlock);
    expect(calls).toBe(3);
    const other = Object.assign(new Error('unique'), { code: '23505' });
    calls = 0;
    await expect(retryOnDeadlock(async () => (calls++, Promise.reject(other)))).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});
