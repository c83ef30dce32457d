import type { AuthUser } from '@crm/common';
import { cleanNotifications } from '@mantine/notifications';
import { vi } from 'vitest';
import { fail, ok } from './fake-api';

/** The fake server of the screens' component tests (never imported by the app). */

export interface CrmRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
export type CrmHandler = (request: CrmRequest) => Response | Promise<Response>;

/**
 * Like test/fake-api's fakeApi, but handlers and assertions see the query string too. Signs
 * `user` in (stored token + /auth/me) unless it is null. Unhandled calls answer 404. Also clears
 * the toasts a previous test left behind.
 */
export function fakeCrmApi(user: AuthUser | null, handlers: Record<string, CrmHandler>) {
  // Toasts live in a module-level store: drop the previous test's.
  cleanNotifications();
  if (user) localStorage.setItem('token', `token-of-${user.role}`);
  const requests: CrmRequest[] = [];
  const builtIn: Record<string, CrmHandler> = {
    'GET /api/auth/me': () => (user ? ok(user) : fail(401, 'Not signed in')),
    'GET /api/health': () => ok({ status: 'ok', db: 'up', demo: false }),
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const request: CrmRequest = { method, path: url.pathname, query: url.searchParams, body, headers: new Headers(init?.headers) };
    requests.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key] ?? builtIn[key];
    if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    return handler ? handler(request) : fail(404, `No fake for ${key}`);
  });
  const to = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { requests, to };
}

/** A response that waits until the test releases it. */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

let counter = 0;
/** A valid UUID v7-looking id, unique per call. */
export const testId = (): string => `0190a0b0-0000-7000-8000-${String(++counter).padStart(12, '0')}`;
