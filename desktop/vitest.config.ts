import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit and component tests: no backend, no browser, no Electron binary.
 * - renderer: React components in jsdom with Testing Library.
 * - main: Electron main-process and preload modules, with the Electron APIs passed in as fakes.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/test/setup.ts'],
          css: false,
          // see setup.ts: finds may wait up to 4 s on a loaded machine
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Static checks of the renderer's texts: catalogue keys and literal strings.
          name: 'i18n-checks',
          environment: 'node',
          include: ['test/i18n/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'main',
          environment: 'node',
          include: ['src/main/**/*.test.ts', 'src/preload/**/*.test.ts'],
        },
      },
    ],
  },
});
