import { createApiClient, type TokenKind } from './api-client';
import { sessionTokens } from './session-tokens';

const unauthorizedListeners = new Set<(kind: TokenKind) => void>();

/** Subscribe to "the server no longer accepts this token" (revoked, expired, user deactivated). */
export function onUnauthorized(listener: (kind: TokenKind) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The renderer's API client. `/api` is same-origin in a browser; the desktop app proxies it to the server. */
export const api = createApiClient({
  baseUrl: '/api',
  getToken: sessionTokens.getUserToken,
  getSuperToken: sessionTokens.getSuperToken,
  onUnauthorized: (kind) => unauthorizedListeners.forEach((listener) => listener(kind)),
});

export { ApiError, describeError, errorText } from './api-error';
