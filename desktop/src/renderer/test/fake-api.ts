import type { AuthUser } from '@crm/common';
import { vi } from 'vitest';

type Handler = (request: { method: string; path: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

export const json = (status: number, payload: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json', ...headers } });
export const ok = (data: unknown): Response => json(200, { ok: true, data });
export const fail = (status: number, error: string): Response => json(status, { ok: false, error });

export const adminUser: AuthUser = {
  _id: '0190a0b0-0000-7000-8000-000000000001',
  name: 'Amira Admin',
  email: 'admin@demo.test',
  role: 'admin',
  tenantId: '0190a0b0-0000-7000-8000-0000000000aa',
  isActive: true,
  createdAt: '2026-01-15T10:00:00.000Z',
};

export const salesUser: AuthUser = {
  ...adminUser,
  _id: '0190a0b0-0000-7000-8000-000000000002',
  name: 'Samir Sales',
  email: 'sales1@demo.test',
  role: 'sales',
};

/**
 * Replaces fetch with a tiny in-memory server: handlers keyed by "METHOD /api/path" (no query).
 * Unhandled calls answer 404 so a test never silently reaches a real network.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    const call = { method, path: url.pathname, body, headers };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(call) : fail(404, `No fake for ${method} ${url.pathname}`);
  });
  return { calls, spy };
}

/** The backend's demo flag; most tests run with it off so nothing is prefilled. */
export const healthHandler =
  (demo: boolean): Handler =>
  () =>
    ok({ status: 'ok', db: 'up', demo });
