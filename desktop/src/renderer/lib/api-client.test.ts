import { describe, expect, it, vi } from 'vitest';
import { buildUrl, createApiClient, tokenKindFor } from './api-client';
import { ApiError, describeError, errorText } from './api-error';

const respond = (status: number, payload: unknown, headers: Record<string, string> = {}) => new Response(typeof payload === 'string' ? payload : JSON.stringify(payload), { status, headers });

function client(response: Response | (() => Promise<Response>), extra: { onUnauthorized?: () => void } = {}) {
  const fetch = vi.fn<(input: string, init: RequestInit) => Promise<Response>>(typeof response === 'function' ? response : async () => response);
  const api = createApiClient({
    baseUrl: '/api',
    getToken: () => 'user-token',
    getSuperToken: () => 'super-token',
    fetch: fetch as unknown as typeof globalThis.fetch,
    onUnauthorized: extra.onUnauthorized,
  });
  const headersOf = (call = 0) => new Headers(fetch.mock.calls[call]![1].headers);
  return { api, fetch, headersOf };
}

describe('api client', () => {
  it('sends the normal token on tenant paths and the super token on paths containing /super', async () => {
    const { api, headersOf } = client(async () => respond(200, { ok: true, data: [] }));
    await api.get('/auth/users');
    await api.get('/super/tenants');
    expect(headersOf(0).get('Authorization')).toBe('Bearer user-token');
    expect(headersOf(1).get('Authorization')).toBe('Bearer super-token');
    expect(tokenKindFor('/super/users/1')).toBe('super');
    expect(tokenKindFor('/contacts')).toBe('user');
  });

  it('unwraps the envelope and sends JSON bodies', async () => {
    const { api, fetch, headersOf } = client(respond(200, { ok: true, data: { id: 1 } }));
    await expect(api.post('/expenses', { title: 'Rent' })).resolves.toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/expenses');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"Rent"}');
    expect(headersOf().get('Content-Type')).toBe('application/json');
  });

  it('builds queries without empty values', () => {
    expect(buildUrl('/api', '/contacts', { stage: 'lead', q: '', page: 2, assignedTo: undefined, isArchived: false })).toBe('/api/contacts?stage=lead&page=2&isArchived=false');
  });

  it("turns an error envelope into an ApiError with the server's text and status", async () => {
    const { api } = client(respond(403, { ok: false, error: 'Company suspended' }));
    const error = (await api.get('/auth/me').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(403);
    expect(error.serverError).toBe('Company suspended');
    expect(errorText(error, 'fallback')).toBe('Company suspended');
  });

  it("keeps the error code and its values, so a screen can word the error in the user's language", async () => {
    const { api } = client(respond(409, { ok: false, error: 'A contact with this phone number already exists.', code: 'contact.phone_taken', params: { label: 'Mona' } }));
    const error = (await api.post('/contacts', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('contact.phone_taken');
    expect(error.params).toEqual({ label: 'Mona' });
  });

  it('reads Retry-After on 429', async () => {
    const { api } = client(respond(429, { ok: false, error: 'Too many attempts' }, { 'Retry-After': '120' }));
    const error = (await api.post('/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterSeconds).toBe(120);
  });

  it('uses the fallback for answers without a server text, and for network failures', async () => {
    const html = client(respond(502, '<html>Bad gateway</html>'));
    const error = await html.api.get('/contacts').catch((e: unknown) => e);
    expect(errorText(error, 'Failed to load chats.')).toBe('Failed to load chats.');

    const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const down = (await offline.api.get('/contacts').catch((e: unknown) => e)) as ApiError;
    expect(down.status).toBe(0);
    expect(errorText(down, 'An error occurred.')).toBe('An error occurred.');
  });

  it("describeError: server text, else the exception's message, else the fallback", () => {
    expect(describeError(new ApiError(500, 'Database down', 'x'), 'Unknown error')).toBe('Database down');
    expect(describeError(new ApiError(500, undefined, 'x'), 'Unknown error')).toBe('Unknown error');
    expect(describeError(new Error('boom'), 'Unknown error')).toBe('boom');
    expect(describeError('???', 'Unknown error')).toBe('Unknown error');
  });

  it('reports a 401 on an authenticated call as an ended session, but not a failed login', async () => {
    const onUnauthorized = vi.fn();
    const { api } = client(async () => respond(401, { ok: false, error: 'Invalid email or password' }), { onUnauthorized });
    await api.post('/auth/login', {}).catch(() => {});
    await api.post('/super/login', {}).catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await api.get('/auth/me').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledWith('user');
    await api.get('/super/tenants').catch(() => {});
    expect(onUnauthorized).toHaveBeenLastCalledWith('super');
  });

  it('downloads raw bytes for exports', async () => {
    const { api } = client(new Response(new Uint8Array([1, 2, 3]), { status: 200 }));
    const blob = await api.download('/contacts/export', { query: { stage: 'lead' } });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
