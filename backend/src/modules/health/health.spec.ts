import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Database } from '../../platform/db/database.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('health and docs', () => {
  it('reports the service, the database and whether demo mode is on', async () => {
    const res = await t.api.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, data: { status: 'ok', db: 'up', demo: false } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('serves an OpenAPI document built from the request schemas', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toBe('3.1.0');
    const login = doc.paths['/api/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(login.security).toEqual([]);
    expect(doc.paths['/api/super/tenants'].post.security).toEqual([{ super: [] }]);
    expect(doc.paths['/api/auth/users'].get.parameters.map((p: { name: string }) => p.name)).toContain('role');
  });

  it('answers unknown API paths with the envelope and a 404', async () => {
    const res = await t.api.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ok: false, error: 'Not found.', code: 'not_found' });
  });

  it('documents the error envelope with its code', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs`)).json()) as any;
    const failure = doc.paths['/api/contacts'].get.responses.default.content['application/json'].schema;
    expect(failure.required).toEqual(expect.arrayContaining(['ok', 'error', 'code']));
    expect(failure.properties.code.enum).toContain('contact.phone_taken');
  });

  it('answers unknown errors with a generic text and a request id, never a stack', async () => {
    const failure = new Error('connection to db-host:5432 refused: secret detail');
    const ping = vi.spyOn(t.app.get(Database), 'ping').mockRejectedValueOnce(failure);
    try {
      const res = await t.api.get('/health');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ ok: false, error: 'An unexpected error occurred. Please try again.', code: 'internal_error', requestId: expect.any(String) });
      expect((res.body as { requestId?: string }).requestId).toBe(res.headers.get('x-request-id'));
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('secret detail');
      expect(text).not.toMatch(/at .*\.[jt]s:\d+/);
    } finally {
      ping.mockRestore();
    }
  });

  it('refuses an over-long token with a 401, never a stack', async () => {
    const res = await t.api.get('/auth/me', { token: 'x'.repeat(5000) });
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.[jt]s:\d+/);
  });
});
