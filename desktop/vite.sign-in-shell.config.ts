import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Builds the sign-in screen for Node (render.server.tsx), so the renderer's build can draw it
 * into index.html (vite.sign-in-shell.ts). Same root and plugins as the renderer, so the CSS
 * modules' class names are the ones the renderer's stylesheet holds. Runs before `vite build`.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/renderer', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    ssr: 'sign-in-shell/render.server.tsx',
    outDir: fileURLToPath(new URL('./dist/sign-in-shell', import.meta.url)),
    emptyOutDir: true,
    target: 'node20',
  },
});
