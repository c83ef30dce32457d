import { existsSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import type { MessageType } from '@crm/common';
import type { MessengerOptions } from '../messenger-options.js';
import { releaseProfileLock } from './chromium-profile-lock.js';
import { NOT_CONNECTED, WhatsAppSendError, type InboundWhatsAppMessage, type OutgoingContent, type WhatsAppDriver, type WhatsAppSession, type WhatsAppSessionEvents } from '../whatsapp-driver.js';

/** The part of whatsapp-web.js's Message we read. */
export type WwebjsMessageLike = {
  id: { _serialized: string };
  from: string;
  fromMe?: boolean;
  body?: string;
  type?: string;
  hasMedia?: boolean;
  timestamp?: number;
  isStatus?: boolean;
  _data?: { notifyName?: string };
  downloadMedia?(): Promise<{ mimetype: string; data: string; filename?: string | null } | undefined>;
  delete?(everyone?: boolean): Promise<void>;
};

/** The part of whatsapp-web.js's Client we use: a fake of this shape tests the mapping without Chromium. */
export type WwebjsClientLike = EventEmitter & {
  info?: { wid?: { user?: string } };
  initialize(): Promise<void>;
  destroy(): Promise<void>;
  logout(): Promise<void>;
  getState(): Promise<string | null>;
  sendMessage(chatId: string, content: unknown, options?: Record<string, unknown>): Promise<{ id: { _serialized: string } }>;
  getMessageById(id: string): Promise<WwebjsMessageLike | null | undefined>;
  getContactLidAndPhone?(ids: string[]): Promise<{ lid: string; pn: string }[]>;
};

export type WwebjsClientFactory = (options: { tenantId: string; dataPath: string; executablePath: string }) => Promise<{
  client: WwebjsClientLike;
  media(mime: string, base64: string, fileName?: string | null): unknown;
}>;

/** The real thing: whatsapp-web.js with LocalAuth per tenant and the system Chromium (loaded only when used). */
export const defaultWwebjsClientFactory: WwebjsClientFactory = async ({ tenantId, dataPath, executablePath }) => {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium was not found at ${executablePath}: install it (apt-get install chromium) or set PUPPETEER_EXECUTABLE_PATH.`);
  }
  const wwebjs = (await import('whatsapp-web.js')).default;
  const client = new wwebjs.Client({
    authStrategy: new wwebjs.LocalAuth({ clientId: tenantId, dataPath }),
    puppeteer: {
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-setuid-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    },
  });
  return {
    client: client as unknown as WwebjsClientLike,
    media: (mime, base64, fileName) => new wwebjs.MessageMedia(mime, base64, fileName ?? undefined),
  };
};

const TYPES: Record<string, MessageType> = {
  chat: 'text',
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  ptt: 'voice',
  document: 'document',
};

const LOGGED_OUT_REASONS = new Set(['LOGOUT', 'UNPAIRED', 'UNPAIRED_IDLE', 'CONFLICT']);

/**
 * whatsapp-web.js behind our driver interface. The session (LocalAuth) is kept per tenant under
 * DATA_DIR/whatsapp-sessions, so a restart needs no new QR. Library events map to ours:
 * qr, authenticated, ready, auth_failure, disconnected (LOGOUT/UNPAIRED = logged out from the phone),
 * message (1:1 chats only; media downloaded; a sender's linked id resolved to the phone id when the
 * library can), message_ack (4 "played" counts as read), message_revoke_everyone.
 */
export class WwebjsDriver implements WhatsAppDriver {
  readonly name = 'wwebjs' as const;
  readonly needsOggVoice = true;

  constructor(
    private readonly options: MessengerOptions,
    private readonly dataDir: string,
    private readonly factory: WwebjsClientFactory = defaultWwebjsClientFactory,
  ) {}

  get sessionsDir() {
    return join(this.dataDir, 'whatsapp-sessions');
  }

  /** LocalAuth keeps a tenant's browser profile in `{sessionsDir}/session-{clientId}` (clientId = tenant id). */
  async removeStoredSession(tenantId: string): Promise<void> {
    await rm(join(this.sessionsDir, `session-${tenantId}`), { recursive: true, force: true });
  }

  createSession(tenantId: string, events: WhatsAppSessionEvents): WhatsAppSession {
    return new WwebjsSession(tenantId, events, this.factory, { dataPath: this.sessionsDir, executablePath: this.options.chromiumPath });
  }
}

export class WwebjsSession implements WhatsAppSession {
  private readonly logger = new Logger('wwebjs');
  private client?: WwebjsClientLike;
  private media?: (mime: string, base64: string, fileName?: string | null) => unknown;
  private ready = false;

  constructor(
    private readonly tenantId: string,
    private readonly events: WhatsAppSessionEvents,
    private readonly factory: WwebjsClientFactory,
    private readonly paths: { dataPath: string; executablePath: string },
  ) {}

  async start(): Promise<void> {
    const released = releaseProfileLock(join(this.paths.dataPath, `session-${this.tenantId}`));
    if (released.length) this.logger.log(`${this.tenantId}: removed the previous instance's browser profile lock (${released.join(', ')})`);
    const { client, media } = await this.factory({ tenantId: this.tenantId, ...this.paths });
    this.client = client;
    this.media = media;
    this.bind(client);
    await client.initialize();
  }

  private bind(client: WwebjsClientLike) {
    client.on('qr', (qr: string) => this.events.qr(qr));
    client.on('authenticated', () => this.events.authenticated());
    client.on('ready', () => {
      this.ready = true;
      const user = client.info?.wid?.user;
      this.events.ready({ phoneNumber: user ? `+${user}` : null });
    });
    client.on('auth_failure', (message: unknown) => {
      this.ready = false;
      this.events.authFailure(String(message ?? 'Authentication failed'));
    });
    client.on('disconnected', (reason: unknown) => {
      this.ready = false;
      const text = String(reason ?? 'unknown');
      this.events.disconnected({ reason: text, loggedOut: LOGGED_OUT_REASONS.has(text) });
    });
    client.on('message', (msg: WwebjsMessageLike) => {
      this.toInbound(msg)
        .then((inbound) => (inbound ? this.events.message(inbound) : undefined))
        .catch((err) => this.logger.error(`inbound message ${msg?.id?._serialized} failed: ${err}`));
    });
    client.on('message_ack', (msg: WwebjsMessageLike, ack: number) => {
      if (typeof ack === 'number' && ack >= 1 && msg?.id?._serialized) this.events.ack(msg.id._serialized, Math.min(ack, 3) as 1 | 2 | 3);
    });
    client.on('message_revoke_everyone', (after: WwebjsMessageLike, before?: WwebjsMessageLike | null) => {
      const id = after?.id?._serialized ?? before?.id?._serialized;
      if (id) this.events.revoked(id);
    });
  }

  /** A library message as ours; undefined for what the CRM does not keep (groups, status updates, our own). */
  async toInbound(msg: WwebjsMessageLike): Promise<InboundWhatsAppMessage | undefined> {
    if (!msg?.id?._serialized || msg.fromMe || msg.isStatus) return undefined;
    if (!/@(c\.us|lid)$/.test(msg.from)) return undefined;
    const inbound: InboundWhatsAppMessage = {
      id: msg.id._serialized,
      from: msg.from,
      profileName: msg._data?.notifyName || undefined,
      body: msg.body ?? '',
      type: TYPES[msg.type ?? 'chat'] ?? 'text',
      timestamp: msg.timestamp ? new Date(msg.timestamp * 1000) : new Date(),
    };
    if (msg.from.endsWith('@c.us')) inbound.phoneId = msg.from;
    else {
      inbound.lid = msg.from;
      const phoneId = await this.phoneOfLid(msg.from);
      if (phoneId) inbound.phoneId = phoneId;
    }
    if (msg.hasMedia && msg.downloadMedia) {
      const media = await msg.downloadMedia().catch(() => undefined);
      if (media?.data) inbound.media = { data: Buffer.from(media.data, 'base64'), mime: media.mimetype, fileName: media.filename ?? undefined };
    }
    return inbound;
  }

  private async phoneOfLid(lid: string): Promise<string | undefined> {
    try {
      const [pair] = (await this.client?.getContactLidAndPhone?.([lid])) ?? [];
      const pn = pair?.pn;
      if (!pn) return undefined;
      const digits = pn.replace(/@.*$/, '').replace(/\D/g, '');
      return digits ? `${digits}@c.us` : undefined;
    } catch {
      return undefined;
    }
  }

  async stop(): Promise<void> {
    this.ready = false;
    await this.client?.destroy().catch(() => undefined);
    this.client = undefined;
  }

  async logout(): Promise<void> {
    this.ready = false;
    try {
      await this.client?.logout();
    } catch {
      // already logged out from the phone: still forget the stored session
    }
    await this.client?.destroy().catch(() => undefined);
    this.client = undefined;
    rmSync(join(this.paths.dataPath, `session-${this.tenantId}`), { recursive: true, force: true });
  }

  async ping(): Promise<boolean> {
    if (!this.client) return false;
    return (await this.client.getState()) === 'CONNECTED';
  }

  async send(chatId: string, content: OutgoingContent): Promise<{ id: string }> {
    const client = this.client;
    if (!client || !this.ready) throw new WhatsAppSendError(NOT_CONNECTED, true, 'not_connected');
    try {
      const sent =
        content.kind === 'text'
          ? await client.sendMessage(chatId, content.body)
          : await client.sendMessage(chatId, this.media!(content.mime, content.data.toString('base64'), content.fileName), {
              caption: content.caption || undefined,
              sendAudioAsVoice: content.asVoice || undefined,
              sendMediaAsDocument: content.asDocument || undefined,
            });
      return { id: sent.id._serialized };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const permanent = /invalid wid|not a whatsapp user|no lid for user|wid error/i.test(message);
      throw new WhatsAppSendError(permanent ? 'This number is not on WhatsApp.' : `WhatsApp did not accept the message: ${message}`, !permanent, permanent ? 'not_on_whatsapp' : 'refused');
    }
  }

  async deleteForEveryone(_chatId: string, waMessageId: string): Promise<void> {
    const client = this.client;
    if (!client || !this.ready) throw new WhatsAppSendError(NOT_CONNECTED, true, 'not_connected');
    const msg = await client.getMessageById(waMessageId);
    if (!msg?.delete) throw new WhatsAppSendError('The message was not found on WhatsApp.', false, 'not_found_on_whatsapp');
    await msg.delete(true);
  }
}
