import type { Session } from 'electron';
import { isAppUrl } from './app-origin.main';

export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>;

interface RequestDetails {
  requestingUrl?: string;
  isMainFrame?: boolean;
  securityOrigin?: string;
  mediaTypes?: ('video' | 'audio')[];
}

/**
 * What the app's own page may be granted: the microphone (voice notes) and writing to the
 * clipboard. Everything else, and everything for any other origin, is denied.
 */
export function isPermissionAllowed(permission: string, details: RequestDetails): boolean {
  const origin = details.securityOrigin ?? details.requestingUrl;
  if (!isAppUrl(origin) || details.isMainFrame === false) return false;
  if (permission === 'media') {
    const types = details.mediaTypes ?? [];
    return types.length > 0 && types.every((type) => type === 'audio');
  }
  return permission === 'clipboard-sanitized-write';
}

/** Permission checks (synchronous "is it granted?" queries) follow the same rule. */
export function isPermissionCheckAllowed(permission: string, requestingOrigin: string, mediaType?: string): boolean {
  if (!isAppUrl(requestingOrigin)) return false;
  if (permission === 'media') return mediaType === undefined || mediaType === 'audio' || mediaType === 'unknown';
  return permission === 'clipboard-sanitized-write';
}

export function installPermissionHandlers(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionAllowed(permission, details as RequestDetails));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => isPermissionCheckAllowed(permission, requestingOrigin, (details as { mediaType?: string }).mediaType));
}
