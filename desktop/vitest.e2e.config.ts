import { defineConfig } from 'vitest/config';

/**
 * End-to-end: Debian's Chromium (playwright-core) against the real backend serving the built
 * renderer. The global setup starts and stops the backend; tests run one at a time (the
 * machines running them have two cores, and the suite shares one demo database).
 */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a browser waiting on a backend that shares two cores with it: vitest's 1 s default (made for
    // unit tests) failed a QR that took longer to draw under CI load
    expect: { poll: { timeout: 10_000 } },
  },
});
