import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';

/** The built React app (desktop/dist/renderer), looked for upward from here; RENDERER_DIR overrides. */
export function findRendererDir(override?: string): string | undefined {
  if (override) return existsSync(join(override, 'index.html')) ? resolve(override) : undefined;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 7; i++) {
    const candidate = join(dir, 'desktop', 'dist', 'renderer');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

/**
 * Serves the renderer at `/` with a single-page-app fallback: any GET outside /api and /socket.io
 * that is not a file gets index.html, so deep links like /leads/123 work after a reload.
 */
/**
 * Mantine writes inline <style> tags, hence 'unsafe-inline' for styles only. Scripts are
 * same-origin, plus the inline scripts of the built index.html by their hashes (the one that shows
 * the sign-in screen before the app's script has arrived: desktop/vite.sign-in-shell.ts).
 */
export function webAppCsp(inlineScriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self' ws: wss:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** sha256 of each inline <script> (one without src) of a page, as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `sha256-${createHash('sha256').update(match[1]).digest('base64')}`);
}

export function serveRenderer(app: Express, rendererDir: string | undefined) {
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
  if (!rendererDir) {
    app.get('/', (_req: Request, res: Response) => {
      res.type('text/plain').send('The web app is not built yet: run `npm run build` (or `npm start`) from the repository root.');
    });
    return;
  }
  // read once: the build does not change under a running server
  const WEB_APP_CSP = webAppCsp(inlineScriptHashes(readFileSync(join(rendererDir, 'index.html'), 'utf8')));
  // the build's source maps stay on the server's disk: they would hand anyone the app's whole source
  app.use((req: Request, res: Response, next: NextFunction) => (req.path.endsWith('.map') ? res.status(404).type('text/plain').send('Not found') : next()));
  const files = express.static(rendererDir, {
    index: false,
    setHeaders: (res, path) => {
      res.setHeader('Content-Security-Policy', WEB_APP_CSP);
      // hashed bundles may be cached for ever; index.html must always be fresh
      res.setHeader('Cache-Control', path.includes(`${join('assets', '')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // An API call is never a file: looking for one cost every call a disk lookup on libuv's thread
  // pool (a thread hop before the first query, ~8 % of a list call's CPU in the profile), and a
  // file under the build's folder could have answered in the API's place.
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req.path) ? next() : files(req, res, next)));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || isApi(req.path)) return next();
    // a dot segment (/.env, /.git/config) is never an app route: a 404, like the file it names
    if (req.path.split('/').some((segment) => segment.startsWith('.'))) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', WEB_APP_CSP);
    // `root`, not an absolute path: send refuses any path with a dot-folder in it, and the
    // project may well live under one (~/.local/share/crm); with a root only the part below it
    // is checked, so dotfiles inside the renderer dir stay refused
    res.sendFile('index.html', { root: rendererDir });
  });
}
