import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@crm/common': fileURLToPath(new URL('../common/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    globalSetup: ['./test/global-setup.ts'],
  },
});
