import {
  NOT_CONNECTED,
  USER_ID_SUFFIX,
  WhatsAppSendError,
  type OutgoingContent,
  type OutgoingTemplate,
  type WhatsAppDriver,
  type WhatsAppSession,
  type WhatsAppSessionEvents,
} from '../whatsapp/whatsapp-driver.js';
import { GRAPH_ACCOUNT_LOCKED, GRAPH_TOKEN_INVALID, type GraphApi, GraphApiError } from './graph-api.js';
import type { CloudCredentials } from './whatsapp-cloud.service.js';
import { failureOfMeta, META_MESSAGE_ERRORS } from './cloud-errors.js';
import { cloudMediaMessage } from './cloud-media-message.js';
import { CloudThroughput } from './cloud-throughput.js';

/** Without settings: Meta's default throughput, three tries after a 130429 from one second on. */
const DEFAULT_THROUGHPUT = new CloudThroughput({ ratePerSecond: 80, retries: 3, backoffMs: 1000 });

/** The company's Cloud API credentials, opened; undefined when it has none. */
export type CredentialsOf = (tenantId: string) => Promise<CloudCredentials | undefined>;

/**
 * Meta's official Cloud API behind the same door as the QR drivers. There is nothing to run per
 * company: a "session" is the stored credentials, connected once Meta answered for the number, and
 * sends are HTTPS calls any instance can make. Inbound messages and marks do not come through the
 * session but through the webhooks (CloudWebhookProcessor), straight into the event sink.
 */
export class CloudApiDriver implements WhatsAppDriver {
  readonly name = 'cloud' as const;
  /** WhatsApp plays voice notes only as OGG/Opus. */
  readonly needsOggVoice = true;

  constructor(
    private readonly graph: GraphApi,
    private readonly credentialsOf: CredentialsOf,
    /** Shared by every session of the process: the pace is per phone number. */
    private readonly throughput: CloudThroughput = DEFAULT_THROUGHPUT,
  ) {}

  createSession(tenantId: string, events: WhatsAppSessionEvents): WhatsAppSession {
    return new CloudApiSession(tenantId, events, this.graph, this.credentialsOf, this.throughput);
  }

  /** Nothing is kept on disk: the credentials go with the company's rows. */
  async removeStoredSession(): Promise<void> {}
}

export class CloudApiSession implements WhatsAppSession {
  private credentials?: CloudCredentials;

  constructor(
    private readonly tenantId: string,
    private readonly events: WhatsAppSessionEvents,
    private readonly graph: GraphApi,
    private readonly credentialsOf: CredentialsOf,
    private readonly throughput: CloudThroughput = DEFAULT_THROUGHPUT,
  ) {}

  /** Connected when Meta answers for the number with the stored token; a refused token or a locked account needs an admin. */
  async start(): Promise<void> {
    const credentials = await this.credentialsOf(this.tenantId);
    if (!credentials) throw new Error('The official WhatsApp API is not set up for this company.');
    try {
      const info = await this.graph.phoneNumber(credentials.phoneNumberId, credentials.accessToken);
      this.credentials = credentials;
      this.events.authenticated();
      this.events.ready({ phoneNumber: info.display_phone_number?.replace(/\D/g, '') ?? null });
    } catch (err) {
      if (this.refusedForGood(err)) return;
      throw err;
    }
  }

  async stop(): Promise<void> {
    this.credentials = undefined;
  }

  /** Nothing to log out of at Meta: removing the settings is what disconnects. */
  async logout(): Promise<void> {
    this.credentials = undefined;
  }

  async ping(): Promise<boolean> {
    if (!this.credentials) return false;
    try {
      await this.graph.phoneNumber(this.credentials.phoneNumberId, this.credentials.accessToken);
      return true;
    } catch (err) {
      this.refusedForGood(err);
      return false;
    }
  }

  /** Meta refused the token (190) or the account is locked (131031): reported as needing an admin, not retried. */
  private refusedForGood(err: unknown): boolean {
    if (!(err instanceof GraphApiError)) return false;
    const reason = err.code === GRAPH_TOKEN_INVALID ? 'token_invalid' : err.code === GRAPH_ACCOUNT_LOCKED ? 'account_locked' : null;
    if (!reason) return false;
    this.credentials = undefined;
    if (this.events.needsAttention) this.events.needsAttention(reason, err.message);
    else this.events.authFailure(err.message);
    return true;
  }

  async send(chatId: string, content: OutgoingContent): Promise<{ id: string }> {
    const credentials = this.credentials;
    if (!credentials) throw new WhatsAppSendError(NOT_CONNECTED, true, 'not_connected');
    // a phone number goes in `to`; a business-scoped user id (no phone known) in `recipient`, as Meta documents
    const addressee = chatId.endsWith(USER_ID_SUFFIX) ? { recipient: chatId.slice(0, -USER_ID_SUFFIX.length) } : { to: chatId.replace(/@.*$/, '').replace(/\D/g, '') };
    try {
      // a file is uploaded first (after its size is checked) and sent by the id Meta gave it
      const payload =
        content.kind === 'media'
          ? await cloudMediaMessage(this.graph, credentials, content)
          : content.template
            ? templatePayload(content.template)
            : { type: 'text', text: { preview_url: false, body: content.body } };
      const reply = content.replyTo ? { context: { message_id: content.replyTo } } : {};
      const message = { recipient_type: 'individual', ...addressee, ...reply, ...payload };
      // 130429 (the number's throughput) waits and tries again; every other refusal fails the message
      const answer = await this.throughput.run(credentials.phoneNumberId, () => this.graph.sendMessage(credentials.phoneNumberId, credentials.accessToken, message));
      const id = answer.messages?.[0]?.id;
      if (!id) throw new WhatsAppSendError('Meta accepted the message without an id.', false, 'send_failed');
      return { id };
    } catch (err) {
      if (!(err instanceof GraphApiError)) throw err;
      // a refused token fails this message and stops the session until an admin fixes it
      this.refusedForGood(err);
      throw sendErrorOf(err);
    }
  }

  async deleteForEveryone(): Promise<void> {
    throw new WhatsAppSendError('The official WhatsApp API cannot delete a sent message.', false, 'refused');
  }
}

/**
 * A template message as Meta's Cloud API takes it: `components` holds the header's parameter (text,
 * or image/video/document by `link` or `id`), the body's parameters as text, and one `button`
 * component per button with a parameter (`sub_type` url: the link's suffix as text; quick_reply: a
 * payload), by the button's index as a string.
 */
export function templatePayload(template: OutgoingTemplate): Record<string, unknown> {
  const components: Record<string, unknown>[] = [];
  const header = template.header;
  if (header?.type === 'text') components.push({ type: 'header', parameters: [{ type: 'text', text: header.text }] });
  else if (header) {
    const media = { ...(header.id ? { id: header.id } : { link: header.link }), ...(header.type === 'document' && header.filename ? { filename: header.filename } : {}) };
    components.push({ type: 'header', parameters: [{ type: header.type, [header.type]: media }] });
  }
  if (template.params.length) components.push({ type: 'body', parameters: template.params.map((text) => ({ type: 'text', text })) });
  for (const b of [...(template.buttons ?? [])].sort((x, y) => x.index - y.index)) {
    const parameter = b.subType === 'url' ? { type: 'text', text: b.value } : { type: 'payload', payload: b.value };
    components.push({ type: 'button', sub_type: b.subType, index: String(b.index), parameters: [parameter] });
  }
  return { type: 'template', template: { name: template.name, language: { code: template.language }, ...(components.length ? { components } : {}) } };
}

/**
 * Meta's refusal as the message's failure: a known code (window closed, undeliverable, rate
 * limits, token) with its own reason and retry verdict; otherwise only what may succeed later is
 * retryable (Meta unreachable or failing, 5xx).
 */
export function sendErrorOf(err: GraphApiError): WhatsAppSendError {
  if (err.code !== null && META_MESSAGE_ERRORS[err.code]) {
    const failure = failureOfMeta(err.code, err.message);
    return new WhatsAppSendError(failure.error, failure.retryable, failure.errorCode);
  }
  const retryable = err.status === 0 || err.status >= 500;
  return new WhatsAppSendError(err.message, retryable, retryable ? 'send_failed' : 'refused');
}
