import path from 'node:path';
import { buildContentSecurityPolicy } from './csp.main';

export interface AppProtocolDeps {
  /** Absolute path of the built renderer (dist/renderer). */
  rendererDir: string;
  /** The configured CRM server origin, or null before the first-run question is answered. */
  getServerUrl: () => string | null;
  /** Electron's net.fetch in the app; a fake in tests. */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  readFile: (file: string) => Promise<Uint8Array>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.webmanifest': 'application/manifest+json',
};

/** Headers a browser adds that would make the server treat the proxied call as cross-site. */
const DROPPED_REQUEST_HEADERS = ['origin', 'referer', 'cookie', 'host'];
/** net.fetch has already decoded the body, so these would no longer describe it. */
const DROPPED_RESPONSE_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie'];

const envelopeError = (status: number, error: string): Response =>
  new Response(JSON.stringify({ ok: false, error }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

/**
 * Handles every app:// request:
 * - `/api/*` is forwarded to the configured server, so the renderer calls the same relative
 *   `/api` paths as in a browser and no CORS is needed;
 * - any other path is a file of the built renderer, or index.html for the SPA's routes.
 */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  const root = path.resolve(deps.rendererDir);

  async function proxyApi(request: Request, url: URL): Promise<Response> {
    const server = deps.getServerUrl();
    if (!server) return envelopeError(503, 'No server is configured.');
    const headers = new Headers(request.headers);
    DROPPED_REQUEST_HEADERS.forEach((name) => headers.delete(name));
    // Request bodies are small (JSON, one upload at a time): buffering them avoids relying on
    // streamed uploads through net.fetch.
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let upstream: Response;
    try {
      upstream = await deps.fetch(`${server}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
      });
    } catch {
      return envelopeError(502, `Could not reach the server at ${server}.`);
    }
    const responseHeaders = new Headers(upstream.headers);
    DROPPED_RESPONSE_HEADERS.forEach((name) => responseHeaders.delete(name));
    return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
  }

  async function serveFile(url: URL): Promise<Response> {
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname);
    } catch {
      return new Response('Bad request', { status: 400 });
    }
    const file = path.resolve(root, `.${relative}`);
    if (file !== root && !file.startsWith(root + path.sep)) return new Response('Not found', { status: 404 });

    const extension = path.extname(file).toLowerCase();
    // Paths without an extension are routes of the SPA (e.g. /leads): all get index.html.
    const target = extension ? file : path.join(root, 'index.html');
    const type = CONTENT_TYPES[path.extname(target).toLowerCase()];
    if (!type) return new Response('Not found', { status: 404 });

    let body: Uint8Array;
    try {
      body = await deps.readFile(target);
    } catch {
      return new Response('Not found', { status: 404 });
    }
    const csp = buildContentSecurityPolicy(deps.getServerUrl());
    const isHtml = target.endsWith('.html');
    const headers = new Headers({
      'Content-Type': type,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': isHtml ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    // The policy also goes into the page itself, so it holds even where a custom scheme's headers are not applied.
    const content = isHtml ? withCspMeta(new TextDecoder().decode(body), csp) : body;
    return new Response(content as ConstructorParameters<typeof Response>[0], { status: 200, headers });
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return proxyApi(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    return serveFile(url);
  };
}

/** frame-ancestors is ignored in a meta tag (and warned about), so it stays header-only. */
function withCspMeta(html: string, csp: string): string {
  const metaPolicy = csp
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy}">`;
  return html.replace(/<head>/i, `<head>\n    ${meta}`);
}
