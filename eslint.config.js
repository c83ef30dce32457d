// @ts-check
/**
 * What types cannot see (npm run lint): promises nobody waits for or catches, promises passed where
 * a callback's result is ignored, type-only imports written as value imports, and i18n keys missing
 * from a catalogue. A small rule set on purpose: the compiler and the boundary rules
 * (lint:boundaries) check the rest. Type-aware, through TypeScript's project service (each file
 * is checked with the tsconfig.json that owns it).
 */
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import crm from './scripts/eslint/index.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', 'backend/drizzle/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['backend/src/**/*.ts', 'backend/test/**/*.ts', 'common/src/**/*.ts', 'desktop/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        projectService: {
          // common's tsconfig builds the package and leaves its specs out: they get its options
          allowDefaultProject: ['common/src/*/*.spec.ts'],
          defaultProject: 'common/tsconfig.json',
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 40,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // a `void` in front says "started on purpose, nobody waits": the promise must not reject
      // unhandled (it catches its own failures, or a rejection is harmless where it runs)
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `typeof import('x')` stays allowed: vi.importActual and createRequire need it
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // and `import type { A }`, not `import { type A }`, when every name is a type (nothing left to load)
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // the Electron main process and preload have their own tsconfig, which the project service does not find
    files: ['desktop/src/main/**/*.ts', 'desktop/src/preload/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './desktop/tsconfig.main.json', tsconfigRootDir: import.meta.dirname } },
  },
  {
    // small files with one job: past 400 lines a file is doing two jobs (tests and migrations may run longer)
    files: ['backend/src/**/*.ts', 'common/src/**/*.ts', 'desktop/src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    ignores: ['**/*.{test,spec,e2e}.{ts,tsx}', '**/test/**', '**/testing/**', '**/testing.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // the renderer files that ship (as desktop/test/i18n/source-scan.ts lists them)
    files: ['desktop/src/renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.{test,spec}.{ts,tsx}', '**/test/**', '**/testing/**', '**/testing.{ts,tsx}', '**/public/**', '**/*.d.ts'],
    plugins: { crm },
    rules: { 'crm/valid-i18n-keys': ['error', { locales: join(import.meta.dirname, 'desktop/src/renderer/i18n/locales') }] },
  },
);
