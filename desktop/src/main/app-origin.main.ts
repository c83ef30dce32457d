/**
 * The renderer is served from a privileged custom scheme, not file://: it gets a real origin
 * (so the CSP's 'self', localStorage and permission checks mean something) and the SPA's
 * history routes work.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'crm';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/`;

/**
 * Registration that must happen before the app is ready (protocol.registerSchemesAsPrivileged).
 * `standard` + `secure` give app://crm a real, secure origin (module scripts, localStorage,
 * getUserMedia). `corsEnabled` stays off on purpose: with it, any other origin could read
 * app:// responses, including the /api proxy.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
} as const;

export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    // Custom schemes report the origin "null" in some URL implementations; rebuild it.
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export const isAppUrl = (url: string | null | undefined): boolean => originOf(url) === APP_ORIGIN;

export function isHttpUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
