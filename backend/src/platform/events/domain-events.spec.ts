import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainEvents } from './domain-events.js';

declare module './domain-events.js' {
  interface DomainEventMap {
    'test.happened': { n: number };
  }
}

afterEach(() => vi.restoreAllMocks());

describe('DomainEvents', () => {
  it('runs every handler in subscription order, each started before emit returns', async () => {
    const bus = new DomainEvents();
    const seen: string[] = [];
    bus.on('test.happened', ({ n }) => void seen.push(`a${n}`));
    bus.on('test.happened', async ({ n }) => {
      seen.push(`b${n}`);
      await Promise.resolve();
      seen.push(`b${n} done`);
    });
    const done = bus.emit('test.happened', { n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
    await done;
    expect(seen).toEqual(['a1', 'b1', 'b1 done']);
  });

  it('logs a handler that throws or rejects, and still runs the others; emit never rejects', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const bus = new DomainEvents();
    const seen: number[] = [];
    bus.on('test.happened', () => {
      throw new Error('sync failure');
    });
    bus.on('test.happened', () => Promise.reject(new Error('async failure')));
    bus.on('test.happened', ({ n }) => void seen.push(n));
    await expect(bus.emit('test.happened', { n: 2 })).resolves.toBeUndefined();
    expect(seen).toEqual([2]);
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual(['test.happened handler failed: Error: sync failure', 'test.happened handler failed: Error: async failure']);
  });

  it('stops calling a handler once unsubscribed; an event nobody listens to is a no-op', async () => {
    const bus = new DomainEvents();
    const seen: number[] = [];
    const off = bus.on('test.happened', ({ n }) => void seen.push(n));
    await bus.emit('test.happened', { n: 1 });
    off();
    await bus.emit('test.happened', { n: 2 });
    expect(seen).toEqual([1]);
  });
});
