import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeGraphApi, TOKEN_EXPIRED, type FakeNumber } from '../../../test/fake-graph-api.js';
import type { WhatsAppSessionEvents } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSendError } from '../whatsapp/whatsapp-driver.js';
import { CloudApiDriver } from './cloud-api.driver.js';
import { CloudThroughput } from './cloud-throughput.js';
import { GraphApi } from './graph-api.js';
import type { CloudCredentials } from './whatsapp-cloud.service.js';

const TENANT = '0190a000-0000-7000-8000-000000000001';
const NUMBER_ID = '106540352242922';

describe('CloudApiDriver against the fake Graph API', () => {
  let graph: FakeGraphApi;
  let number: FakeNumber;
  let credentials: CloudCredentials | undefined;
  let driver: CloudApiDriver;
  const events = () =>
    ({ qr: vi.fn(), authenticated: vi.fn(), ready: vi.fn(), authFailure: vi.fn(), disconnected: vi.fn(), message: vi.fn(), ack: vi.fn(), revoked: vi.fn() }) satisfies WhatsAppSessionEvents;

  beforeAll(async () => {
    graph = await new FakeGraphApi().start();
    number = graph.addNumber(NUMBER_ID, { displayPhoneNumber: '+20 100 123 4567' });
    // a 130429 is tried again twice, a few milliseconds apart
    driver = new CloudApiDriver(new GraphApi(graph.url, 5_000), async () => credentials, new CloudThroughput({ ratePerSecond: 1000, retries: 2, backoffMs: 5 }));
  });
  afterAll(() => graph.stop());
  beforeEach(() => {
    graph.failing.clear();
    credentials = { tenantId: TENANT, phoneNumberId: NUMBER_ID, businessAccountId: '1', accessToken: number.token, appSecret: 's', verifyToken: 'v' };
  });

  it('connects once Meta answers for the number, with its phone number', async () => {
    const e = events();
    await driver.createSession(TENANT, e).start();
    expect(e.ready).toHaveBeenCalledWith({ phoneNumber: '201001234567' });
    expect(e.authFailure).not.toHaveBeenCalled();
  });

  it('a refused token (190) is an authentication failure, not a crash', async () => {
    graph.failing.set(NUMBER_ID, { status: 401, error: TOKEN_EXPIRED });
    const e = events();
    await driver.createSession(TENANT, e).start();
    expect(e.authFailure).toHaveBeenCalledWith(expect.stringContaining('Session has expired'));
    expect(e.ready).not.toHaveBeenCalled();
  });

  it('a refused token (190) or a locked account (131031) needs an admin, with its reason code, when the sessions listen for it', async () => {
    const e = { ...events(), needsAttention: vi.fn() };
    graph.failing.set(NUMBER_ID, { status: 401, error: TOKEN_EXPIRED });
    await driver.createSession(TENANT, e).start();
    expect(e.needsAttention).toHaveBeenCalledWith('token_invalid', expect.stringContaining('Session has expired'));
    graph.failing.delete(NUMBER_ID);
    const session = driver.createSession(TENANT, e);
    await session.start();
    graph.failing.set(NUMBER_ID, { status: 400, error: { message: 'Business Account locked', type: 'OAuthException', code: 131031 } });
    expect(await session.ping()).toBe(false);
    expect(e.needsAttention).toHaveBeenLastCalledWith('account_locked', 'Business Account locked');
    expect(e.authFailure).not.toHaveBeenCalled();
  });

  it('without settings it fails to start', async () => {
    credentials = undefined;
    await expect(driver.createSession(TENANT, events()).start()).rejects.toThrow(/not set up/);
  });

  it("sends text as POST /{phone-number-id}/messages and answers Meta's message id", async () => {
    const session = driver.createSession(TENANT, events());
    await session.start();
    const { id } = await session.send('201001112222@c.us', { kind: 'text', body: 'Your order ships today' });
    expect(id).toMatch(/^wamid\./);
    expect(graph.sent.at(-1)).toEqual({
      phoneNumberId: NUMBER_ID,
      body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '201001112222', type: 'text', text: { preview_url: false, body: 'Your order ships today' } },
    });
    expect(await session.ping()).toBe(true);
  });

  it('before it connected, or when Meta refuses, a send fails with the right retry verdict', async () => {
    const session = driver.createSession(TENANT, events());
    await expect(session.send('201001112222@c.us', { kind: 'text', body: 'x' })).rejects.toMatchObject({ retryable: true, code: 'not_connected' });
    await session.start();
    graph.failing.set(NUMBER_ID, { status: 400, error: { message: 'Message failed to send because more than 24 hours have passed', type: 'OAuthException', code: 131047 } });
    const refused = await session.send('201001112222@c.us', { kind: 'text', body: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WhatsAppSendError);
    expect(refused).toMatchObject({ retryable: false, code: 'window_closed' });
    expect((refused as Error).message).toContain('Meta 131047');
    graph.failing.set(NUMBER_ID, { status: 400, error: { message: 'Rate limit hit', type: 'OAuthException', code: 130429 } });
    expect(await session.send('201001112222@c.us', { kind: 'text', body: 'x' }).catch((e: unknown) => e)).toMatchObject({ retryable: true, code: 'rate_limited' });
    graph.failing.set(NUMBER_ID, { status: 400, error: { message: 'Recipient phone number not in allowed list', type: 'OAuthException', code: 131030 } });
    expect(await session.send('201001112222@c.us', { kind: 'text', body: 'x' }).catch((e: unknown) => e)).toMatchObject({ retryable: false, code: 'refused' });
    graph.failing.set(NUMBER_ID, { status: 500, error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 131000 } });
    expect(await session.send('201001112222@c.us', { kind: 'text', body: 'x' }).catch((e: unknown) => e)).toMatchObject({ retryable: true, code: 'send_failed' });
  });

  it('Meta out of reach: starting fails with why (the sessions service reports start_failed and retries)', async () => {
    const session = new CloudApiDriver(new GraphApi('http://127.0.0.1:9/v23.0', 1_000), async () => credentials).createSession(TENANT, events());
    await expect(session.start()).rejects.toThrow(/could not be reached/);
  });
});

describe('CloudApiDriver replies', () => {
  it('a reply names the message it answers (context.message_id)', async () => {
    const graph = await new FakeGraphApi().start();
    try {
      const number = graph.addNumber(NUMBER_ID);
      const credentials = { tenantId: TENANT, phoneNumberId: NUMBER_ID, businessAccountId: '1', accessToken: number.token, appSecret: 's', verifyToken: 'v' };
      const e = { qr: vi.fn(), authenticated: vi.fn(), ready: vi.fn(), authFailure: vi.fn(), disconnected: vi.fn(), message: vi.fn(), ack: vi.fn(), revoked: vi.fn() };
      const session = new CloudApiDriver(new GraphApi(graph.url, 5_000), async () => credentials).createSession(TENANT, e);
      await session.start();
      await session.send('201001112222@c.us', { kind: 'text', body: 'Yes, in blue', replyTo: 'wamid.question' });
      expect(graph.sent[0].body).toMatchObject({ to: '201001112222', context: { message_id: 'wamid.question' }, type: 'text', text: { body: 'Yes, in blue' } });
    } finally {
      await graph.stop();
    }
  });
});
