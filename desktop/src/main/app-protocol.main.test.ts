import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppProtocolHandler } from './app-protocol.main';
import { buildContentSecurityPolicy } from './csp.main';

const root = path.resolve('/opt/crm/renderer');
const files: Record<string, string> = {
  [path.join(root, 'index.html')]: '<!doctype html><html><head><title>CRM</title></head><body></body></html>',
  [path.join(root, 'assets/app.js')]: 'console.log(1)',
};

function setUp(serverUrl: string | null = 'http://localhost:3000') {
  const fetch = vi.fn(
    async (_input: string, _init: RequestInit) =>
      new Response(JSON.stringify({ ok: true, data: 1 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Content-Length': '99' },
      }),
  );
  const handler = createAppProtocolHandler({
    rendererDir: root,
    getServerUrl: () => serverUrl,
    fetch,
    readFile: async (file) => {
      if (!(file in files)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return new TextEncoder().encode(files[file]);
    },
  });
  return { handler, fetch };
}

describe('app:// protocol', () => {
  it('serves the renderer files with the security policy', async () => {
    const { handler } = setUp();
    const response = await handler(new Request('app://crm/assets/app.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/javascript');
    expect(response.headers.get('Content-Security-Policy')).toBe(buildContentSecurityPolicy('http://localhost:3000'));
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('answers every SPA route with index.html, with the policy also inside the page', async () => {
    const { handler } = setUp();
    for (const url of ['app://crm/', 'app://crm/team/settings', 'app://crm/login?from=x']) {
      const response = await handler(new Request(url));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<title>CRM</title>');
      expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
    }
  });

  it('never serves a file outside the renderer folder', async () => {
    const { handler } = setUp();
    for (const url of ['app://crm/../../etc/passwd.txt', 'app://crm/%2e%2e/%2e%2e/etc/hosts.txt', 'app://crm/assets/missing.js']) {
      expect((await handler(new Request(url))).status).toBe(404);
    }
  });

  it('forwards /api calls to the configured server without the app origin', async () => {
    const { handler, fetch } = setUp('https://crm.example.com');
    const response = await handler(
      new Request('app://crm/api/auth/login?x=1', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t', Origin: 'app://crm' },
        body: JSON.stringify({ email: 'a@b.c' }),
      }),
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://crm.example.com/api/auth/login?x=1');
    expect(init.method).toBe('POST');
    const headers = new Headers(init.headers);
    expect(headers.get('Authorization')).toBe('Bearer t');
    expect(headers.get('Origin')).toBeNull();
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Encoding')).toBeNull();
    expect(await response.json()).toEqual({ ok: true, data: 1 });
  });

  it('answers in the API envelope when no server is set or it cannot be reached', async () => {
    const none = setUp(null);
    const missing = await none.handler(new Request('app://crm/api/health'));
    expect(missing.status).toBe(503);
    expect(await missing.json()).toEqual({ ok: false, error: 'No server is configured.' });

    const down = setUp('http://10.0.0.9:3000');
    down.fetch.mockRejectedValueOnce(new TypeError('net::ERR_CONNECTION_REFUSED'));
    const unreachable = await down.handler(new Request('app://crm/api/health'));
    expect(unreachable.status).toBe(502);
    expect(((await unreachable.json()) as { error: string }).error).toBe('Could not reach the server at http://10.0.0.9:3000.');
  });
});

describe('content security policy', () => {
  it('allows scripts only from the app, and network only to the app and its server', () => {
    const csp = buildContentSecurityPolicy('https://crm.example.com');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' https://crm.example.com wss://crm.example.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(buildContentSecurityPolicy(null)).toContain("connect-src 'self';");
  });
});
