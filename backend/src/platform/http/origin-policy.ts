import type { IncomingMessage } from 'node:http';

/**
 * The desktop app serves its renderer from this origin (desktop/src/main/app-origin.main.ts:
 * APP_SCHEME `app`, APP_HOST `crm`) and opens its socket straight to the server from it.
 */
export const DESKTOP_APP_ORIGIN = 'app://crm';

/** `scheme://host[:port]` of a URL, lower-cased, or undefined when it is not one. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (!url.host) return undefined;
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Which browser origins may call the API and open a socket: the served web app's own origin (the
 * request's Host), the desktop app's `app://crm`, and the configured `CORS_ORIGINS`. A request
 * without an Origin header is not a cross-origin browser request (curl, the desktop main process,
 * servers) and is not a CORS question.
 */
export class OriginPolicy {
  private readonly allowed: Set<string>;

  constructor(
    configured: readonly string[],
    private readonly trustProxy: boolean,
  ) {
    this.allowed = new Set([DESKTOP_APP_ORIGIN, ...configured.map((o) => normalizeOrigin(o) ?? o)]);
  }

  allows(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    const normalized = normalizeOrigin(origin);
    if (!normalized) return false; // "null" (sandboxed frames, file://) and garbage
    if (this.allowed.has(normalized)) return true;
    // same origin: browsers send Origin on same-origin POSTs and websocket upgrades too. The
    // scheme is not compared: behind a TLS-terminating proxy the app may see http for an https page.
    const host = this.requestHost(req);
    return host !== undefined && normalized.slice(normalized.indexOf('//') + 2) === host.toLowerCase();
  }

  private requestHost(req: IncomingMessage): string | undefined {
    const forwarded = this.trustProxy ? req.headers['x-forwarded-host'] : undefined;
    const value = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || req.headers.host;
    return value || undefined;
  }
}
