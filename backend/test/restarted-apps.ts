import { afterEach } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * Apps a restart test starts and stops on one shared database, every one still running stopped
 * after each test: on PostgreSQL a live instance (its own instance id) rightly takes over the
 * WhatsApp sessions the next test's instances hand over, and on disk PGlite cannot be opened by a
 * second app while one still has it open.
 */
export function restartedApps<A extends unknown[]>(launch: (...args: A) => Promise<TestApp>) {
  const running = new Set<TestApp>();
  afterEach(async () => {
    for (const t of [...running]) await stop(t).catch(() => undefined);
  });
  const start = async (...args: A) => {
    const t = await launch(...args);
    running.add(t);
    return t;
  };
  const stop = (t: TestApp) => {
    running.delete(t);
    return t.stop();
  };
  return { start, stop };
}
