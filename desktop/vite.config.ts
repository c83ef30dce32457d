import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { signInShell } from './vite.sign-in-shell';

const rendererRoot = fileURLToPath(new URL('./src/renderer', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/renderer', import.meta.url));

/**
 * The renderer bundle: the same static files are loaded by Electron (app://crm/) and served by
 * the backend at `/`, so asset URLs are absolute from the root.
 */
export default defineConfig({
  root: rendererRoot,
  base: '/',
  // the sign-in screen drawn into index.html (vite.sign-in-shell.ts), from the Node build made just before
  plugins: [react(), signInShell({ renderModule: fileURLToPath(new URL('./dist/sign-in-shell/render.server.js', import.meta.url)) })],
  build: {
    outDir,
    emptyOutDir: true,
    // chrome123+: keeps CSS light-dark() as written (older targets rewrite it into variables nothing defines)
    target: 'chrome123',
    // maps are written for our own debugging but not referenced, and the backend does not serve them
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the sign-in screen runs in one file: otherwise the pieces it shares with
          // later screens (Mantine's inputs, the API client...) are thirty small chunks, and a
          // first visit waits for thirty requests (six at a time over HTTP/1.1) before it paints.
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // `vite` dev server for UI work against a backend running on :3000.
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
