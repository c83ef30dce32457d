import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PinoLogger } from 'nestjs-pino';
import { startMessengerApp } from '../../../test/messenger.js';
import { seedCompany, signIn, type SeededCompany } from '../../../test/fixtures.js';
import { connectCloudCompany, signature, textMessage, webhookEvents, webhookPayload } from '../../../test/cloud-api.js';
import { FakeGraphApi } from '../../../test/fake-graph-api.js';
import type { TestApp } from '../../../test/test-app.js';

const NUMBER = '106540352242922';
const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const MB = 1024 * 1024;
const ORIGIN = 'https://app.example.com';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * Meta's webhooks are served ahead of Nest (CloudWebhookRoute): the same answers, headers, size cap
 * and access log as the controller's, and whatever the route does not take still reaches Nest.
 */
describe('WhatsApp Cloud webhooks served ahead of Nest', () => {
  let t: TestApp;
  let graph: FakeGraphApi;
  let company: SeededCompany;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    t = await startMessengerApp({ env: { WHATSAPP_CLOUD_API_URL: graph.url, CORS_ORIGINS: ORIGIN } });
    company = await seedCompany(t, 'cloud-route');
    const admin = await signIn(t, company.admin.email);
    await connectCloudCompany(t, graph, { tenantId: company.tenantId, admin, phoneNumberId: NUMBER, appSecret: SECRET, verifyToken: 'verify-route-token' });
  });
  afterAll(async () => {
    await t?.close();
    await graph?.stop();
  });

  const path = `/api/webhooks/whatsapp/${NUMBER}`;
  const sign = (body: string) => signature(body, SECRET);
  const stored = () => webhookEvents(t, company.tenantId);
  /** One request over its own connection; `chunks` are written one after the other, none when empty. */
  const send = (method: string, url: string, headers: Record<string, string | number>, chunks: (string | Buffer)[] = []) =>
    new Promise<Answer>((resolve, reject) => {
      const { hostname, port } = new URL(t.url);
      const req = request({ host: hostname, port, method, path: url, headers, agent: false }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString() }));
      });
      req.on('error', reject);
      req.setTimeout(5000, () => req.destroy(new Error('no answer in 5 s')));
      for (const chunk of chunks) req.write(chunk);
      // a declared body that is never sent: the answer has to come without it
      if (!headers['content-length'] || chunks.length) req.end();
      else req.flushHeaders();
    });

  it('a signed delivery is answered 200 with the envelope, the security headers and a request id (the caller’s when sane)', async () => {
    const body = JSON.stringify(webhookPayload(NUMBER, textMessage('201001112222', 'wamid.route1', 'hello')));
    const res = await send('POST', path, { 'content-type': 'application/json', 'x-hub-signature-256': sign(body), 'x-request-id': 'meta-42' }, [body]);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, data: null });
    expect(res.headers).toMatchObject({ 'x-request-id': 'meta-42', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'content-type': 'application/json; charset=utf-8' });
    expect((await stored()).map((e) => e.body)).toContain(body);
  });

  it('a body declared over 3 MB is refused 413 before any of it is sent, and nothing is stored', async () => {
    const before = (await stored()).length;
    const res = await send('POST', path, { 'content-type': 'application/json', 'content-length': 4 * MB, 'x-hub-signature-256': 'sha256=00' });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ ok: false, error: 'The request is too large.', code: 'payload_too_large' });
    expect(await stored()).toHaveLength(before);
  });

  it('a wrong signature is answered 401 and stores nothing', async () => {
    const before = (await stored()).length;
    const body = JSON.stringify(webhookPayload(NUMBER, textMessage('201001112222', 'wamid.route-forged', 'hello')));
    const res = await send('POST', path, { 'content-type': 'application/json', 'x-hub-signature-256': sign(body.replace('hello', 'hellO')) }, [body]);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, code: 'unauthorized' });
    expect(await stored()).toHaveLength(before);
  });

  it('the subscription check answers the challenge, and 403 for a wrong token', async () => {
    const ok = await send('GET', `${path}?hub.mode=subscribe&hub.verify_token=verify-route-token&hub.challenge=1158201444`, {});
    expect(ok).toMatchObject({ status: 200, body: '1158201444' });
    expect(ok.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await send('GET', `${path}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, {})).status).toBe(403);
  });

  it('what the route does not take is answered by Nest as before: HEAD like GET, PUT and DELETE 404, a repeated or oversized query 400, a browser Origin gets CORS headers', async () => {
    const head = await send('HEAD', `${path}?hub.mode=subscribe&hub.verify_token=verify-route-token&hub.challenge=77`, {});
    expect(head.status).toBe(200);
    expect((await send('PUT', path, { 'content-type': 'application/json' }, ['{}'])).status).toBe(404);
    expect((await send('DELETE', path, {})).status).toBe(404);
    expect((await send('GET', `${path}?hub.mode=subscribe&hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`, {})).status).toBe(400);
    expect((await send('GET', `${path}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=${'1'.repeat(1001)}`, {})).status).toBe(400);
    const fromBrowser = await send('POST', path, { origin: ORIGIN, 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' }, ['{}']);
    expect(fromBrowser.status).toBe(401);
    expect(fromBrowser.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('each delivery is in the access log with its request id, status and time', async () => {
    // the tests' apps log nothing: this one test turns the access log on, and keeps it off the output
    const root = PinoLogger.root;
    const level = root.level;
    root.level = 'info';
    const log = vi.spyOn(root, 'info').mockImplementation(() => undefined);
    try {
      await send('POST', path, { 'content-type': 'application/json', 'x-request-id': 'meta-log-1' }, ['{}']);
      await vi.waitFor(() =>
        expect(log).toHaveBeenCalledWith(
          expect.objectContaining({ req: expect.objectContaining({ id: 'meta-log-1', method: 'POST', url: path }), res: { statusCode: 401 }, responseTime: expect.any(Number) }),
          'request completed',
        ),
      );
    } finally {
      log.mockRestore();
      root.level = level;
    }
  });
});
