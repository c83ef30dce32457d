import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

/**
 * Bundles the Electron main process (`--mode main`, ESM) and the preload (`--mode preload`, CommonJS).
 *
 * Why a bundler and not plain tsc: a sandboxed preload may only `require('electron')`, so
 * `@crm/common` must be inlined into it; and bundling the main process means the packaged app
 * needs no node_modules at all (electron-builder.yml excludes them).
 */
const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const external = ['electron', /^electron\//, ...nodeBuiltins];

function nodeBundle(entry: string, outDir: string, format: 'es' | 'cjs', fileName: string, alias: Record<string, string> = {}): UserConfig {
  return {
    publicDir: false,
    resolve: { alias },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'node22',
      sourcemap: true,
      minify: false,
      rolldownOptions: {
        external,
        output: { format, entryFileNames: fileName, codeSplitting: false },
      },
    },
    ssr: { noExternal: true, external: ['electron'] },
  };
}

export default defineConfig(({ mode }) =>
  mode === 'preload'
    ? nodeBundle(fromHere('./src/preload/index.preload.ts'), fromHere('./dist/preload'), 'cjs', 'index.preload.cjs', {
        // The preload needs only the channel names: the zod-free half of the bridge contract.
        '@crm/common': fromHere('../common/dist/ipc/channels.js'),
      })
    : nodeBundle(fromHere('./src/main/index.main.ts'), fromHere('./dist/main'), 'es', 'index.main.js'),
);
