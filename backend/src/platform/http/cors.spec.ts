import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { seedCompany, signIn } from '../../../test/fixtures.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({ env: { CORS_ORIGINS: 'https://crm.example.com' } });
  token = await signIn(t, (await seedCompany(t, 'cors', { sales: 0 })).admin.email);
});
afterAll(() => t?.close());

const FOREIGN = 'https://evil.example';

async function corsOf(origin: string, method = 'GET') {
  const res = await fetch(`${t.url}/api/auth/me`, {
    method,
    headers: method === 'OPTIONS' ? { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } : { origin, authorization: `Bearer ${token}` },
  });
  return res.headers.get('access-control-allow-origin');
}

/** Resolves 'connected' once the socket is authenticated (its first wa:status-free round trip), or the refusal. */
function socketFrom(origin: string, transport: 'websocket' | 'polling'): Promise<string> {
  const socket = io(t.url, { auth: { token }, transports: [transport], reconnection: false, extraHeaders: { origin } });
  return new Promise((resolve) => {
    socket.on('connect', () => (socket.close(), resolve('connected')));
    socket.on('connect_error', (err) => (socket.close(), resolve(`refused: ${err.message}`)));
  });
}

describe('CORS: the web app, the desktop app and the configured origins, nothing else', () => {
  it('names no foreign origin in Access-Control-Allow-Origin (request or preflight)', async () => {
    expect(await corsOf(FOREIGN)).toBeNull();
    expect(await corsOf(FOREIGN, 'OPTIONS')).toBeNull();
    expect(await corsOf('null')).toBeNull();
  });

  it("allows the desktop app's app://crm, a configured origin and the served web app's own origin", async () => {
    expect(await corsOf('app://crm')).toBe('app://crm');
    expect(await corsOf('app://crm', 'OPTIONS')).toBe('app://crm');
    expect(await corsOf('https://crm.example.com')).toBe('https://crm.example.com');
    expect(await corsOf(t.url)).toBe(t.url);
    expect(await corsOf('app://other')).toBeNull();
  });

  it('refuses a socket from a foreign origin on both transports, and accepts the allowed ones', async () => {
    expect(await socketFrom(FOREIGN, 'websocket')).toMatch(/^refused/);
    expect(await socketFrom(FOREIGN, 'polling')).toMatch(/^refused/);
    expect(await socketFrom('app://crm', 'websocket')).toBe('connected');
    expect(await socketFrom('https://crm.example.com', 'polling')).toBe('connected');
    expect(await socketFrom(t.url, 'websocket')).toBe('connected');
    expect(await socketFrom(t.url, 'polling')).toBe('connected');
  });
});
