import type { MessageErrorCode, MessageType, SystemEvent } from '@crm/common';

/**
 * The door between the CRM and a WhatsApp connection. One session per tenant; the driver reports
 * what happens on the phone through the events it was given, and carries out sends and deletes.
 * Two QR drivers: `simulator` (an in-process phone for demos and tests) and `wwebjs` (whatsapp-web.js),
 * one configured per deployment (WHATSAPP_DRIVER); `cloud` (Meta's official Cloud API) runs the
 * companies whose account's connection kind is `cloud`. WhatsAppDrivers picks each company's session
 * driver, and a driver of another module registers itself there.
 */
export const WHATSAPP_DRIVER = Symbol('WHATSAPP_DRIVER');

export type WhatsAppAck = 1 | 2 | 3;

/** The end of the chat id of a user known only by Meta's business-scoped user id (official API). */
export const USER_ID_SUFFIX = '@user';

export type InboundWhatsAppMessage = {
  /** WhatsApp's message id: inbound messages are stored once per (tenant, id). */
  id: string;
  /** The chat id the message came from: `…@c.us` (a phone), `…@lid` (a linked id) or `…@user` (a business-scoped user id, official API). */
  from: string;
  /** The phone id (`…@c.us`) when known, also when `from` is a linked id. */
  phoneId?: string;
  /** The linked id (`…@lid`) when known, also when `from` is the phone id. */
  lid?: string;
  /** Meta's business-scoped user id of the sender (official API), also when `from` is the phone id. */
  userId?: string;
  /** The sender's WhatsApp profile name. */
  profileName?: string;
  body: string;
  type: MessageType;
  media?: { data: Buffer; mime: string; fileName?: string };
  /** A button the contact pressed (official API): the payload we gave it (or its text), and the text they saw. */
  button?: { payload: string; text: string };
  timestamp: Date;
  /** A line WhatsApp wrote into the conversation (official API `system` messages), worded by the reader's app. */
  systemEvent?: SystemEvent;
  /**
   * The sender's ids before a change this message reports (the user changed their number or user
   * id): the contact known by them takes the message's ids (`from`, `phoneId`, `userId`).
   */
  previous?: { phoneId?: string; userId?: string };
};

export interface WhatsAppSessionEvents {
  qr(qr: string): void;
  authenticated(): void;
  ready(info: { phoneNumber?: string | null }): void;
  authFailure(message: string): void;
  /**
   * The connection is refused for a reason an admin must fix in the settings (Meta's token or
   * account): no QR scan helps. Only the Cloud API reports it (optional for the QR drivers' tests).
   */
  needsAttention?(reasonCode: 'token_invalid' | 'account_locked', message: string): void;
  /** `loggedOut`: the phone logged this session out (a new QR scan is needed). */
  disconnected(info: { reason: string; loggedOut: boolean }): void;
  /** Resolves once the message is stored (or found to be a duplicate). */
  message(message: InboundWhatsAppMessage): Promise<unknown>;
  ack(waMessageId: string, ack: WhatsAppAck): void;
  /** The sender deleted a message for everyone. */
  revoked(waMessageId: string): void;
}

/** A template header's parameter: a text header's `{{1}}`, or a media header's file by public link or Meta's media id. */
export type TemplateHeaderParam = { type: 'text'; text: string } | { type: 'image' | 'video' | 'document'; link?: string; id?: string; filename?: string };

/** A button's parameter by the button's index: a dynamic URL button's suffix, or a quick-reply button's payload. */
export type TemplateButtonParam = { index: number; subType: 'url' | 'quick_reply'; value: string };

/**
 * A WhatsApp template (official API only): its name, language and body parameters, its header's and
 * buttons' parameters, and the payloads of its quick-reply buttons by index (Meta sends the pressed
 * one back with the reply; these win over `buttons` at the same index).
 */
export type OutgoingTemplate = { name: string; language: string; params: string[]; header?: TemplateHeaderParam; buttons?: TemplateButtonParam[] };

/** A text (with `template`, a WhatsApp template: official API only, `body` being its text filled in, for drivers without templates), or a file. */
export type OutgoingContent = (
  { kind: 'text'; body: string; template?: OutgoingTemplate } | { kind: 'media'; data: Buffer; mime: string; fileName?: string | null; caption?: string; asVoice?: boolean; asDocument?: boolean }
) & {
  /** WhatsApp's id of the message this one answers (shown quoted); only the Cloud API driver sends it so far. */
  replyTo?: string | null;
};

export interface WhatsAppSession {
  /** Starts connecting: reports `qr` or (with a stored session) `authenticated` then `ready`. */
  start(): Promise<void>;
  /** Closes the connection and keeps the stored session (a restart needs no new QR). */
  stop(): Promise<void>;
  /** Logs out from WhatsApp and forgets the stored session. */
  logout(): Promise<void>;
  /** True when the session answers and is connected (the watchdog calls it with a timeout). */
  ping(): Promise<boolean>;
  send(chatId: string, content: OutgoingContent): Promise<{ id: string }>;
  deleteForEveryone(chatId: string, waMessageId: string): Promise<void>;
}

export interface WhatsAppDriver {
  readonly name: 'simulator' | 'wwebjs' | 'cloud';
  /** WhatsApp plays voice notes only as OGG/Opus: the real driver needs the renderer's webm converted. */
  readonly needsOggVoice: boolean;
  createSession(tenantId: string, events: WhatsAppSessionEvents): WhatsAppSession;
  /** Removes what the driver keeps on disk for the tenant (its company was deleted); nothing there is fine. */
  removeStoredSession(tenantId: string): Promise<void>;
}

/**
 * A send that did not reach WhatsApp; `retryable` says whether trying again may help. The message
 * is the English stored as the message's `error`; `code` is what the user reads, in their language.
 */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: MessageErrorCode = 'refused',
  ) {
    super(message);
  }
}

export const NOT_CONNECTED = 'WhatsApp is not connected.';
