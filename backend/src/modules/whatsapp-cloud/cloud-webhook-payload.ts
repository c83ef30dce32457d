import { systemEventText, type MessageType, type SystemEvent } from '@crm/common';
import type { WhatsAppAck } from '../whatsapp/whatsapp-driver.js';

/**
 * Reading Meta's webhook payloads (`object: "whatsapp_business_account"`, `entry[].changes[].value`
 * with `metadata`, `contacts`, `messages`, `statuses`). Every entry, change, message and status
 * counts, not only the first; a type this code does not know becomes a readable placeholder.
 */

export type CloudInbound = {
  /** Meta's message id (`wamid.…`): stored once per company. */
  id: string;
  /**
   * The sender's WhatsApp id (their phone number in international form, digits only); missing for a
   * user who hid their number behind a username, known then only by `userId`.
   */
  waId?: string;
  /** Meta's business-scoped user id of the sender (the message's `from_user_id`, or its contact's `user_id`), when given. */
  userId?: string;
  profileName?: string;
  timestamp: Date;
  type: MessageType;
  body: string;
  /** Media to fetch from the Graph API (`GET /{media id}` gives a short-lived URL). */
  media?: { id: string; mime: string; fileName?: string };
  /** A quick-reply button of a template (`type: "button"`) or a reply button (`interactive.button_reply`): its payload (id) and text (title). */
  button?: { payload: string; text: string };
  /** A `system` message Meta wrote (the user changed their number or user id): the line to show. */
  systemEvent?: SystemEvent;
  /**
   * The user's ids before a change a `system` message reports; `waId` and `userId` are then the
   * new ones (what the contact is known by from now on).
   */
  previous?: { waId?: string; userId?: string };
};

export type CloudStatus = {
  /** The id of our outgoing message. */
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'played' | 'failed';
  /** `failed`: Meta's first error (code and title). */
  error?: { code: number | null; title: string };
};

export type CloudWebhookBatch = { phoneNumberIds: string[]; messages: CloudInbound[]; statuses: CloudStatus[] };

/** Marks of an outgoing message by Meta's status; `failed` has none (it is not a mark). */
export const ACK_OF_STATUS: Record<Exclude<CloudStatus['status'], 'failed'>, WhatsAppAck> = { sent: 1, delivered: 2, read: 3, played: 3 };

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function readWebhook(payload: unknown): CloudWebhookBatch {
  const batch: CloudWebhookBatch = { phoneNumberIds: [], messages: [], statuses: [] };
  for (const entry of arr(obj(payload).entry)) {
    for (const change of arr(obj(entry).changes)) {
      const value = obj(obj(change).value);
      const phoneNumberId = str(obj(value.metadata).phone_number_id);
      if (phoneNumberId && !batch.phoneNumberIds.includes(phoneNumberId)) batch.phoneNumberIds.push(phoneNumberId);
      // the senders, by phone and by user id (either may be missing, not both)
      const senders = new Map<string, { name?: string; waId?: string; userId?: string }>();
      for (const raw of arr(value.contacts)) {
        const contact = obj(raw);
        const sender = { name: str(obj(contact.profile).name), waId: str(contact.wa_id), userId: str(contact.user_id) };
        if (sender.waId) senders.set(`p:${sender.waId}`, sender);
        if (sender.userId) senders.set(`u:${sender.userId}`, sender);
      }
      for (const raw of arr(value.messages)) {
        const message = readMessage(obj(raw));
        if (!message) continue;
        const sender = (message.waId && senders.get(`p:${message.waId}`)) || (message.userId && senders.get(`u:${message.userId}`)) || undefined;
        const userId = message.userId ?? sender?.userId;
        const waId = message.waId ?? sender?.waId;
        batch.messages.push({ ...message, ...(waId ? { waId } : {}), ...(userId ? { userId } : {}), profileName: sender?.name });
      }
      for (const raw of arr(value.statuses)) {
        const status = readStatus(obj(raw));
        if (status) batch.statuses.push(status);
      }
    }
  }
  return batch;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'played', 'failed']);

function readStatus(raw: Json): CloudStatus | undefined {
  const id = str(raw.id);
  const status = str(raw.status);
  if (!id || !status || !STATUSES.has(status)) return undefined;
  if (status !== 'failed') return { id, status: status as CloudStatus['status'] };
  const first = obj(arr(raw.errors)[0]);
  const code = typeof first.code === 'number' ? first.code : null;
  return { id, status: 'failed', error: { code, title: str(first.title) ?? str(first.message) ?? 'Meta reported the message as failed.' } };
}

const MEDIA_TYPES: Record<string, MessageType> = { image: 'image', sticker: 'image', video: 'video', audio: 'audio', document: 'document' };

function readMessage(raw: Json): Omit<CloudInbound, 'profileName'> | undefined {
  if (str(raw.type) === 'system') {
    const change = readSystem(raw);
    if (change) return change;
  }
  const id = str(raw.id);
  const waId = str(raw.from);
  const userId = str(raw.from_user_id);
  if (!id || (!waId && !userId)) return undefined;
  const seconds = Number(str(raw.timestamp));
  const base = { id, ...(waId ? { waId } : {}), ...(userId ? { userId } : {}), timestamp: new Date(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now()) };
  const type = str(raw.type) ?? 'unknown';
  const content = obj(raw[type]);
  if (type === 'text') return { ...base, type: 'text', body: str(content.body) ?? '' };
  const button = buttonOf(type, content);
  if (button) return { ...base, type: 'text', body: button.text || button.payload, button };
  if (type in MEDIA_TYPES && str(content.id)) {
    const voice = type === 'audio' && content.voice === true;
    return {
      ...base,
      type: voice ? 'voice' : MEDIA_TYPES[type],
      body: str(content.caption) ?? '',
      media: { id: str(content.id)!, mime: str(content.mime_type) ?? 'application/octet-stream', fileName: str(content.filename) },
    };
  }
  return { ...base, type: 'text', body: placeholder(type, content, raw) };
}

/**
 * The button a reply pressed: a template's quick reply (`button: { payload, text }`) or an
 * interactive message's reply button (`interactive: { type: "button_reply", button_reply: { id, title } }`).
 */
function buttonOf(type: string, content: Json): CloudInbound['button'] | undefined {
  const raw =
    type === 'button'
      ? { payload: str(content.payload), text: str(content.text) }
      : type === 'interactive' && content.button_reply
        ? { payload: str(obj(content.button_reply).id), text: str(obj(content.button_reply).title) }
        : null;
  if (!raw || (!raw.payload && !raw.text)) return undefined;
  return { payload: raw.payload ?? raw.text ?? '', text: raw.text ?? raw.payload ?? '' };
}

/** What a message the messenger cannot show as such reads like. */
function placeholder(type: string, content: Json, raw: Json): string {
  switch (type) {
    case 'location': {
      const place = [str(content.name), str(content.address)].filter(Boolean).join(', ');
      const at = `${str(content.latitude) ?? '?'}, ${str(content.longitude) ?? '?'}`;
      return `📍 Location: ${place ? `${place} ` : ''}(${at})`;
    }
    case 'contacts':
      return (
        arr(raw.contacts)
          .map((c) => {
            const name = str(obj(obj(c).name).formatted_name) ?? 'Contact';
            const phone = str(obj(arr(obj(c).phones)[0]).phone);
            return `👤 ${name}${phone ? `: ${phone}` : ''}`;
          })
          .join('\n') || '👤 Contact'
      );
    case 'interactive': {
      const reply = obj(content.button_reply ?? content.list_reply ?? content.nfm_reply);
      return str(reply.title) ?? str(reply.body) ?? '[Interactive reply]';
    }
    case 'button':
      return str(content.text) ?? str(content.payload) ?? '[Button reply]';
    case 'reaction':
      return str(content.emoji) ? `Reacted ${str(content.emoji)} to a message` : 'Removed a reaction';
    default:
      return '[A message this app cannot show yet]';
  }
}

const timestampOf = (raw: Json) => {
  const seconds = Number(str(raw.timestamp));
  return new Date(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : Date.now());
};

/**
 * A `system` message reporting a changed identity, as Meta's system messages webhook reference
 * shows it (no `contacts` array): `from` is the user's old number, `system.type` says what changed.
 * `user_changed_number`: `system.wa_id` the new number (`new_wa_id` before Graph API v12), with
 * `system.user_id` / `system.previous_user_id` the new and old business-scoped user ids (a new
 * number comes with a new one). `user_changed_user_id`: `system.user_id` and
 * `system.previous_user_id`, and no number. Undefined for another system type, or one missing
 * what it changes to: that becomes a readable placeholder like any unknown type.
 */
function readSystem(raw: Json): Omit<CloudInbound, 'profileName'> | undefined {
  const id = str(raw.id);
  const system = obj(raw.system);
  const kind = str(system.type);
  const from = str(raw.from);
  const newUserId = str(system.user_id);
  const previousUserId = str(system.previous_user_id);
  if (!id) return undefined;
  const base = { id, timestamp: timestampOf(raw), type: 'text' as const };
  if (kind === 'user_changed_number') {
    const newWaId = str(system.wa_id) ?? str(system.new_wa_id);
    if (!newWaId || !/^\d{6,15}$/.test(newWaId) || newWaId === from) return undefined;
    const systemEvent: SystemEvent = { code: 'number_changed', params: { phone: `+${newWaId}` } };
    return {
      ...base,
      waId: newWaId,
      ...(newUserId ? { userId: newUserId } : {}),
      body: systemEventText(systemEvent),
      systemEvent,
      previous: { ...(from ? { waId: from } : {}), ...(previousUserId && previousUserId !== newUserId ? { userId: previousUserId } : {}) },
    };
  }
  if (kind === 'user_changed_user_id') {
    if (!newUserId || newUserId === previousUserId) return undefined;
    const systemEvent: SystemEvent = { code: 'user_id_changed', params: {} };
    return {
      ...base,
      ...(from ? { waId: from } : {}),
      userId: newUserId,
      body: systemEventText(systemEvent),
      systemEvent,
      previous: previousUserId ? { userId: previousUserId } : {},
    };
  }
  return undefined;
}
