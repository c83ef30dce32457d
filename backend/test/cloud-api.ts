import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { messages } from '../src/modules/messages/messages.table.js';
import { whatsappCloudWebhookEvents } from '../src/modules/whatsapp-cloud/whatsapp-cloud.table.js';
import type { FakeGraphApi, FakeNumber } from './fake-graph-api.js';
import type { TestApp } from './test-app.js';

/**
 * A company on the official WhatsApp Cloud API as the specs drive it: its settings saved through the
 * API against a fake Graph API, and Meta's webhook deliveries signed and POSTed as Meta sends them.
 */
export type CloudSettings = { phoneNumberId: string; businessAccountId: string; accessToken: string; appSecret: string; verifyToken: string };
/** Where Meta delivers a number's webhooks and the app secret it signs them with. */
export type CloudWebhookTarget = { phoneNumberId: string; appSecret: string };
export type CloudAccount = CloudWebhookTarget & { tenantId: string; number: FakeNumber; settings: CloudSettings };

/**
 * Saves the Cloud API settings of the admin's company (the number added to the fake Graph API unless
 * it is there already) and waits until its session reads connected: Meta answered for the number.
 */
export async function connectCloudCompany(
  t: Pick<TestApp, 'api'>,
  graph: FakeGraphApi,
  options: { tenantId: string; admin: string; phoneNumberId: string; appSecret: string; businessAccountId?: string; verifyToken?: string },
): Promise<CloudAccount> {
  const { tenantId, admin, phoneNumberId, appSecret } = options;
  const number = graph.numbers.get(phoneNumberId) ?? graph.addNumber(phoneNumberId);
  const settings: CloudSettings = {
    phoneNumberId,
    businessAccountId: options.businessAccountId ?? '102290129340398',
    accessToken: number.token,
    appSecret,
    verifyToken: options.verifyToken ?? 'verify-me',
  };
  const put = await t.api.put('/whatsapp/cloud', settings, { token: admin });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const state = await until(
    async () => (await t.api.get('/whatsapp/status', { token: admin })).body.data.state,
    (s) => s === 'connected',
    30_000,
  );
  expect(state).toBe('connected');
  return { tenantId, phoneNumberId, appSecret, number, settings };
}

/** Meta's `X-Hub-Signature-256`: `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the app secret. */
export const signature = (raw: string | Buffer, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;

/** A raw delivery POSTed to a number's webhook URL, signed with `appSecret` (no signature at all when null). */
export function postWebhook(app: Pick<TestApp, 'url'>, phoneNumberId: string, raw: string, appSecret: string | null) {
  return fetch(`${app.url}/api/webhooks/whatsapp/${phoneNumberId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(appSecret === null ? {} : { 'x-hub-signature-256': signature(raw, appSecret) }) },
    body: raw,
  });
}

/** One change of the messages webhook delivered to the account's number, signed as Meta signs it; answers the app's response. */
export function signedWebhook(app: Pick<TestApp, 'url'>, account: CloudWebhookTarget, value: WebhookValue) {
  return postWebhook(app, account.phoneNumberId, JSON.stringify(webhookPayload(account.phoneNumberId, value)), account.appSecret);
}

/** A signed delivery the app has to accept: fails the test unless it is answered 200. */
export async function deliverWebhook(app: Pick<TestApp, 'url'>, account: CloudWebhookTarget, value: WebhookValue) {
  const res = await signedWebhook(app, account, value);
  expect(res.status, `webhook delivery answered ${res.status}`).toBe(200);
}

/** Meta delivers one inbound message to the account's company; answers the message as stored once processed. */
export async function received(t: Pick<TestApp, 'url' | 'db'>, account: CloudWebhookTarget & { tenantId: string }, value: WebhookValue & { messages: { id: string }[] }) {
  await deliverWebhook(t, account, value);
  return processed(t, account, value.messages[0].id);
}

/** The company's message of Meta's id, once a delivery naming it has been processed (fails when none is stored in time). */
export async function processed(t: Pick<TestApp, 'db'>, company: { tenantId: string }, waMessageId: string, ms = 15_000) {
  const row = await until(() => storedMessage(t, company, waMessageId), Boolean, ms);
  if (!row) throw new Error(`no message ${waMessageId} stored within ${ms} ms`);
  return row;
}

/** The company's message of Meta's id as stored now, if any. */
export async function storedMessage(t: Pick<TestApp, 'db'>, company: { tenantId: string }, waMessageId: string) {
  const [row] = await t.db.tenant(company.tenantId, (tx) => tx.select().from(messages).where(eq(messages.waMessageId, waMessageId)));
  return row;
}

/** The company's inbound messages. */
export const inboundMessages = (t: Pick<TestApp, 'db'>, tenantId: string) => t.db.tenant(tenantId, (tx) => tx.select().from(messages).where(eq(messages.direction, 'in')));

/** The webhook deliveries the company has stored (received, processed or failed). */
export const webhookEvents = (t: Pick<TestApp, 'db'>, tenantId: string) => t.db.tenant(tenantId, (tx) => tx.select().from(whatsappCloudWebhookEvents));

/**
 * Reads until `done` holds or `ms` have passed, and answers the last value read either way, so that
 * the assertion after it shows what was there instead of a timeout.
 */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const at = () => String(Math.floor(Date.now() / 1000));

/** The `value` of one change of the messages webhook: contacts and messages, or statuses. */
export type WebhookValue = { contacts?: unknown[]; messages?: unknown[]; statuses?: unknown[] };

/** A webhook delivery as Meta's reference pages show it (one entry, one change, field "messages"). */
export function webhookPayload(phoneNumberId: string, value: WebhookValue) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [{ value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId }, ...value }, field: 'messages' }],
      },
    ],
  };
}

/** An inbound text message of the messages webhook. */
export function textMessage(from: string, id: string, body: string, name = 'Sheena Nelson') {
  return {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id, timestamp: at(), type: 'text', text: { body } }],
  };
}

/** An inbound image of the messages webhook, as Meta's reference shows it (`image.id` names the media to fetch). */
export function imageMessage(from: string, id: string, image: { id: string; mime_type: string; caption?: string }, name = 'Sheena Nelson') {
  return {
    contacts: [{ profile: { name }, wa_id: from }],
    messages: [{ from, id, timestamp: at(), type: 'image', image: { sha256: 'x', ...image } }],
  };
}

/** A `system` message as Meta's reference shows it: no contacts array, `from` the user's (old) number, or only their user id. */
export function systemMessage(id: string, from: string | undefined, system: Record<string, string>, fromUserId?: string) {
  return { messages: [{ ...(from ? { from } : {}), ...(fromUserId ? { from_user_id: fromUserId } : {}), id, timestamp: at(), type: 'system', system }] };
}

/** A press of a template's quick-reply button, as Meta's reference shows it: `type: "button"`, its payload and text, the template message as context. */
export function buttonReply(from: string, id: string, button: { payload: string; text: string }, repliedTo: string) {
  return {
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
    messages: [{ context: { from: '15550783881', id: repliedTo }, from, id, timestamp: at(), type: 'button', button }],
  };
}

/** A press of an interactive message's reply button, as Meta's reference shows it: `interactive.button_reply` with its id and title. */
export function interactiveButtonReply(from: string, id: string, reply: { id: string; title: string }, repliedTo: string) {
  return {
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
    messages: [{ context: { from: '15550783881', id: repliedTo }, from, id, timestamp: at(), type: 'interactive', interactive: { type: 'button_reply', button_reply: reply } }],
  };
}

/** A status of one of our messages (sent, delivered, read, failed). */
export function statusUpdate(id: string, status: string, recipient: string, errors?: unknown[]) {
  return {
    statuses: [
      {
        id,
        status,
        timestamp: at(),
        recipient_id: recipient,
        ...(status === 'failed' ? { errors } : { conversation: { id: 'c1', origin: { type: 'service' } }, pricing: { billable: true, pricing_model: 'PMP', category: 'service' } }),
      },
    ],
  };
}
