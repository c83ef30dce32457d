import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, existsSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessengerOptions } from '../messenger-options.js';
import type { InboundWhatsAppMessage, WhatsAppSessionEvents } from '../whatsapp-driver.js';
import { WhatsAppSendError } from '../whatsapp-driver.js';
import { defaultWwebjsClientFactory, WwebjsDriver, type WwebjsClientLike, type WwebjsMessageLike } from './wwebjs.driver.js';

/** A stand-in for whatsapp-web.js's Client: an event emitter with the methods the driver calls. No Chromium. */
class FakeClient extends EventEmitter {
  info = { wid: { user: '201000000099' } };
  state: string | null = 'CONNECTED';
  initialize = vi.fn(async () => undefined);
  destroy = vi.fn(async () => undefined);
  logout = vi.fn(async () => undefined);
  getState = vi.fn(async () => this.state);
  sendMessage = vi.fn(async (_chatId: string, _content: unknown, _options?: unknown) => ({ id: { _serialized: 'true_201001234567@c.us_3EB0AAA' } }));
  revocable = { delete: vi.fn(async (_everyone?: boolean) => undefined) };
  getMessageById = vi.fn(async (_id: string): Promise<WwebjsMessageLike | null> => ({ id: { _serialized: _id }, from: 'x@c.us', delete: this.revocable.delete }));
  getContactLidAndPhone = vi.fn(async (ids: string[]) => ids.map((lid) => ({ lid, pn: '201223334455@c.us' })));
}

function recorder() {
  const calls: { event: string; args: unknown[] }[] = [];
  const inbound: InboundWhatsAppMessage[] = [];
  const events: WhatsAppSessionEvents = {
    qr: (...args) => void calls.push({ event: 'qr', args }),
    authenticated: (...args) => void calls.push({ event: 'authenticated', args }),
    ready: (...args) => void calls.push({ event: 'ready', args }),
    authFailure: (...args) => void calls.push({ event: 'authFailure', args }),
    disconnected: (...args) => void calls.push({ event: 'disconnected', args }),
    message: async (m) => void inbound.push(m),
    ack: (...args) => void calls.push({ event: 'ack', args }),
    revoked: (...args) => void calls.push({ event: 'revoked', args }),
  };
  return { calls, inbound, events };
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

async function startSession() {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-wwebjs-'));
  dirs.push(dataDir);
  const client = new FakeClient();
  const factory = vi.fn(async () => ({ client: client as unknown as WwebjsClientLike, media: (mime: string, data: string, name?: string | null) => ({ mime, data, name }) }));
  const driver = new WwebjsDriver({ ...loadMessengerOptions({}), chromiumPath: '/usr/bin/chromium' }, dataDir, factory);
  const rec = recorder();
  const session = driver.createSession('0190a0c4-1111-7000-8000-000000000001', rec.events);
  await session.start();
  return { client, factory, driver, session, dataDir, ...rec };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('whatsapp-web.js driver: library events → ours', () => {
  it('creates the client with LocalAuth per tenant under DATA_DIR and the system Chromium, then initializes it', async () => {
    const { factory, client, dataDir, driver } = await startSession();
    expect(factory).toHaveBeenCalledWith({ tenantId: '0190a0c4-1111-7000-8000-000000000001', dataPath: join(dataDir, 'whatsapp-sessions'), executablePath: '/usr/bin/chromium' });
    expect(client.initialize).toHaveBeenCalledOnce();
    expect(driver.needsOggVoice).toBe(true);
  });

  it("opens a profile a dead instance on another computer left locked: Chromium's lock is gone before the client starts", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-wwebjs-'));
    dirs.push(dataDir);
    const profile = join(dataDir, 'whatsapp-sessions', 'session-0190a0c4-1111-7000-8000-000000000001');
    mkdirSync(join(profile, 'Default'), { recursive: true });
    symlinkSync('instance-a.example-4242', join(profile, 'SingletonLock'));
    let lockedWhenCreated: boolean | undefined;
    const factory = vi.fn(async () => {
      lockedWhenCreated = existsSync(join(profile, 'SingletonLock')) || readdirSync(profile).includes('SingletonLock');
      return { client: new FakeClient() as unknown as WwebjsClientLike, media: () => ({}) };
    });
    const driver = new WwebjsDriver({ ...loadMessengerOptions({}), chromiumPath: '/usr/bin/chromium' }, dataDir, factory);
    await driver.createSession('0190a0c4-1111-7000-8000-000000000001', recorder().events).start();
    expect(factory).toHaveBeenCalledOnce();
    expect(lockedWhenCreated).toBe(false);
    expect(existsSync(join(profile, 'Default'))).toBe(true);
  });

  it("removes a deleted company's stored session (LocalAuth's session-{tenant} folder) and only that one, idempotently", async () => {
    const { driver, dataDir } = await startSession();
    const mine = join(dataDir, 'whatsapp-sessions', 'session-0190a0c4-1111-7000-8000-000000000001');
    const other = join(dataDir, 'whatsapp-sessions', 'session-0190a0c4-2222-7000-8000-000000000002');
    mkdirSync(join(mine, 'Default'), { recursive: true });
    mkdirSync(other, { recursive: true });
    await driver.removeStoredSession('0190a0c4-1111-7000-8000-000000000001');
    expect(existsSync(mine)).toBe(false);
    expect(existsSync(other)).toBe(true);
    await driver.removeStoredSession('0190a0c4-1111-7000-8000-000000000001');
  });

  it('qr, authenticated, ready (with the phone number), auth_failure', async () => {
    const { client, calls } = await startSession();
    client.emit('qr', '2@abc,def');
    client.emit('authenticated');
    client.emit('ready');
    client.emit('auth_failure', 'bad session');
    expect(calls).toEqual([
      { event: 'qr', args: ['2@abc,def'] },
      { event: 'authenticated', args: [] },
      { event: 'ready', args: [{ phoneNumber: '+201000000099' }] },
      { event: 'authFailure', args: ['bad session'] },
    ]);
  });

  it('disconnected: LOGOUT and UNPAIRED mean logged out from the phone; others are drops', async () => {
    const { client, calls } = await startSession();
    client.emit('disconnected', 'NAVIGATION');
    client.emit('disconnected', 'LOGOUT');
    client.emit('disconnected', 'UNPAIRED');
    expect(calls.map((c) => c.args[0])).toEqual([
      { reason: 'NAVIGATION', loggedOut: false },
      { reason: 'LOGOUT', loggedOut: true },
      { reason: 'UNPAIRED', loggedOut: true },
    ]);
  });

  it('message: 1:1 chats only, with profile name, type, media, and a linked id resolved to the phone', async () => {
    const { client, inbound } = await startSession();
    client.emit('message', { id: { _serialized: 'false_201001234567@c.us_A1' }, from: '201001234567@c.us', body: 'hi', type: 'chat', timestamp: 1_800_000_000, _data: { notifyName: 'Mona' } });
    client.emit('message', {
      id: { _serialized: 'false_123@lid_A2' },
      from: '123456789012345@lid',
      body: '',
      type: 'ptt',
      hasMedia: true,
      downloadMedia: async () => ({ mimetype: 'audio/ogg; codecs=opus', data: Buffer.from('OggS-voice').toString('base64'), filename: null }),
    });
    client.emit('message', { id: { _serialized: 'g1' }, from: '1203630@g.us', body: 'group', type: 'chat' });
    client.emit('message', { id: { _serialized: 's1' }, from: 'status@broadcast', body: 'status', type: 'chat', isStatus: true });
    client.emit('message', { id: { _serialized: 'me1' }, from: '201001234567@c.us', body: 'mine', type: 'chat', fromMe: true });
    await flush();
    await flush();
    expect(inbound).toHaveLength(2);
    expect(inbound[0]).toMatchObject({
      id: 'false_201001234567@c.us_A1',
      from: '201001234567@c.us',
      phoneId: '201001234567@c.us',
      profileName: 'Mona',
      body: 'hi',
      type: 'text',
      timestamp: new Date(1_800_000_000_000),
    });
    expect(inbound[1]).toMatchObject({ id: 'false_123@lid_A2', from: '123456789012345@lid', lid: '123456789012345@lid', phoneId: '201223334455@c.us', type: 'voice' });
    expect(inbound[1].media).toEqual({ data: Buffer.from('OggS-voice'), mime: 'audio/ogg; codecs=opus', fileName: undefined });
    expect(client.getContactLidAndPhone).toHaveBeenCalledWith(['123456789012345@lid']);
  });

  it('message_ack 1-3 (4 "played" counts as read; 0 and errors are ignored) and message_revoke_everyone', async () => {
    const { client, calls } = await startSession();
    const msg = { id: { _serialized: 'true_x_1' }, from: 'x@c.us' };
    for (const ack of [-1, 0, 1, 2, 3, 4]) client.emit('message_ack', msg, ack);
    client.emit('message_revoke_everyone', { id: { _serialized: 'false_x_9' }, from: 'x@c.us', type: 'revoked' }, null);
    expect(calls).toEqual([
      { event: 'ack', args: ['true_x_1', 1] },
      { event: 'ack', args: ['true_x_1', 2] },
      { event: 'ack', args: ['true_x_1', 3] },
      { event: 'ack', args: ['true_x_1', 3] },
      { event: 'revoked', args: ['false_x_9'] },
    ]);
  });
});

describe('whatsapp-web.js driver: our calls → library', () => {
  it('sends text, media with caption, voice notes and documents; refuses before ready', async () => {
    const { client, session } = await startSession();
    await expect(session.send('201001234567@c.us', { kind: 'text', body: 'x' })).rejects.toMatchObject({ message: 'WhatsApp is not connected.', retryable: true });
    client.emit('ready');
    expect(await session.send('201001234567@c.us', { kind: 'text', body: 'hello' })).toEqual({ id: 'true_201001234567@c.us_3EB0AAA' });
    expect(client.sendMessage).toHaveBeenLastCalledWith('201001234567@c.us', 'hello');
    await session.send('201001234567@c.us', { kind: 'media', data: Buffer.from('img'), mime: 'image/png', fileName: 'a.png', caption: 'look' });
    expect(client.sendMessage).toHaveBeenLastCalledWith(
      '201001234567@c.us',
      { mime: 'image/png', data: Buffer.from('img').toString('base64'), name: 'a.png' },
      { caption: 'look', sendAudioAsVoice: undefined, sendMediaAsDocument: undefined },
    );
    await session.send('201001234567@c.us', { kind: 'media', data: Buffer.from('ogg'), mime: 'audio/ogg; codecs=opus', asVoice: true });
    expect(client.sendMessage.mock.calls.at(-1)![2]).toMatchObject({ sendAudioAsVoice: true });
  });

  it('maps a number that is not on WhatsApp to a permanent failure, other errors to retryable ones', async () => {
    const { client, session } = await startSession();
    client.emit('ready');
    client.sendMessage.mockRejectedValueOnce(new Error('Evaluation failed: Error: invalid wid'));
    await expect(session.send('1@c.us', { kind: 'text', body: 'x' })).rejects.toEqual(new WhatsAppSendError('This number is not on WhatsApp.', false, 'not_on_whatsapp'));
    client.sendMessage.mockRejectedValueOnce(new Error('Protocol error: Target closed'));
    // the code words it for the user; WhatsApp's own words stay in the English
    await expect(session.send('1@c.us', { kind: 'text', body: 'x' })).rejects.toMatchObject({
      retryable: true,
      code: 'refused',
      message: 'WhatsApp did not accept the message: Protocol error: Target closed',
    });
  });

  it('deletes for everyone through the message, pings with getState, logs out and forgets the stored session', async () => {
    const { client, session, dataDir } = await startSession();
    client.emit('ready');
    await session.deleteForEveryone('x@c.us', 'true_x_1');
    expect(client.getMessageById).toHaveBeenCalledWith('true_x_1');
    expect(client.revocable.delete).toHaveBeenCalledWith(true);
    expect(await session.ping()).toBe(true);
    client.state = 'UNPAIRED';
    expect(await session.ping()).toBe(false);
    const stored = join(dataDir, 'whatsapp-sessions', 'session-0190a0c4-1111-7000-8000-000000000001');
    mkdirSync(stored, { recursive: true });
    await session.logout();
    expect(client.logout).toHaveBeenCalledOnce();
    expect(client.destroy).toHaveBeenCalled();
    expect(existsSync(stored)).toBe(false);
  });

  it('without Chromium the real factory fails with a clear message (and never launches anything)', async () => {
    await expect(defaultWwebjsClientFactory({ tenantId: 't', dataPath: '/tmp/x', executablePath: '/nonexistent/chromium' })).rejects.toThrow(
      'Chromium was not found at /nonexistent/chromium: install it (apt-get install chromium) or set PUPPETEER_EXECUTABLE_PATH.',
    );
  });
});
