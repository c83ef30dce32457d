import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A stand-in for Meta's Graph API (WhatsApp Cloud API) over real HTTP, answering as Meta's reference
 * pages document: `GET /{phone-number-id}`, `POST /{phone-number-id}/messages` (also `status: "read"`;
 * templates answer 132001 for one it does not have, 132000 for the wrong number of parameters,
 * 131009 for a button parameter where the template has no such button, 132012 for a header parameter
 * that does not match the template's header: missing, or of another format),
 * `POST /{phone-number-id}/media` (multipart upload), `GET /{waba-id}/message_templates` (paged by
 * `after` cursors), `GET /{media-id}` (a short-lived URL) and that URL (with the bearer token),
 * errors as `{ error: { message, type, code, error_subcode, fbtrace_id } }`.
 * Point the app at `url` (WHATSAPP_CLOUD_API_URL); `version` is in the path as Meta's is.
 */
export type FakeNumber = { token: string; displayPhoneNumber: string; verifiedName: string };
export type GraphErrorBody = { message: string; type: string; code: number; error_subcode?: number; error_data?: { messaging_product: 'whatsapp'; details: string } };
/** A message template of a business account, as `GET /{waba-id}/message_templates` lists it. */
export type FakeTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: { type: string; text?: string; format?: string; buttons?: { type: string; text: string; url?: string }[] }[];
};

/** A template with a BODY component (and Meta's usual id, status and category unless given). */
export function fakeTemplate(name: string, language: string, body: string, more: Partial<Omit<FakeTemplate, 'name' | 'language' | 'components'>> = {}): FakeTemplate {
  return { id: String(1_000_000_000 + Math.floor(Math.random() * 1e9)), name, language, status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: body }], ...more };
}

/** A template's BUTTONS component of quick replies, as Meta lists it (`{ type: "QUICK_REPLY", text }` each). */
export function quickReplies(...texts: string[]): FakeTemplate['components'][number] {
  return { type: 'BUTTONS', buttons: texts.map((text) => ({ type: 'QUICK_REPLY', text })) };
}

/** A template's HEADER component as Meta lists it: a TEXT one with its text, or IMAGE, VIDEO, DOCUMENT. */
export function templateHeader(format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT', text?: string): FakeTemplate['components'][number] {
  return { type: 'HEADER', format, ...(text === undefined ? {} : { text }) };
}

/** A template's BUTTONS component of any kinds (`{ type: "URL", text, url }`, `{ type: "QUICK_REPLY", text }`…). */
export function templateButtons(...buttons: { type: string; text: string; url?: string }[]): FakeTemplate['components'][number] {
  return { type: 'BUTTONS', buttons };
}

export const TOKEN_EXPIRED: GraphErrorBody = {
  message: 'Error validating access token: Session has expired on Tuesday, 25-Nov-26 10:00:00 PST.',
  type: 'OAuthException',
  code: 190,
  error_subcode: 463,
};
/** Meta's answer when a number sends over its throughput (messages per second). */
export const THROUGHPUT_REACHED: GraphErrorBody = { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429 };
export const ACCOUNT_LOCKED: GraphErrorBody = { message: 'Business Account locked', type: 'OAuthException', code: 131031 };

export class FakeGraphApi {
  readonly numbers = new Map<string, FakeNumber>();
  readonly media = new Map<string, { data: Buffer; mime: string }>();
  /** Every message sent, as received. */
  readonly sent: { phoneNumberId: string; body: Record<string, unknown> }[] = [];
  /** Every "mark as read" received. */
  readonly readMarks: { phoneNumberId: string; body: Record<string, unknown> }[] = [];
  /** Every request, `METHOD path`. */
  readonly requests: string[] = [];
  /** Business accounts (WABA id): the token that reads them and their message templates. */
  readonly businessAccounts = new Map<string, { token: string; templates: FakeTemplate[] }>();
  /** How many templates a page holds at most (Meta's default is 25; small here so tests cross pages). */
  templatePageSize = 25;
  /** Per phone number id: the error its next calls answer (until cleared). */
  readonly failing = new Map<string, { status: number; error: GraphErrorBody }>();
  /** Per phone number id: errors its next message sends answer, one each, before they go through again. */
  readonly refuseNextSends = new Map<string, { status: number; error: GraphErrorBody }[]>();
  /** Every file uploaded (`POST /{id}/media`), as Meta received it. */
  readonly uploads: { phoneNumberId: string; mediaId: string; messagingProduct: string | null; type: string | null; fileName: string | null; mime: string; size: number }[] = [];
  /** Media ids whose download answers 500 this many more times (a failing CDN). */
  readonly failDownloads = new Map<string, number>();
  private server?: Server;
  url = '';

  constructor(readonly version = 'v23.0') {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/${this.version}`;
    return this;
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addNumber(phoneNumberId: string, number: Partial<FakeNumber> = {}): FakeNumber {
    const full = { token: `EAAG${randomBytes(24).toString('hex')}`, displayPhoneNumber: '+20 10 0000 0000', verifiedName: 'Demo Trading', ...number };
    this.numbers.set(phoneNumberId, full);
    return full;
  }

  addBusinessAccount(wabaId: string, token: string, templates: FakeTemplate[] = []) {
    this.businessAccounts.set(wabaId, { token, templates });
  }

  addMedia(mediaId: string, data: Buffer, mime: string) {
    this.media.set(mediaId, { data, mime });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push(`${req.method} ${url.pathname}`);
    const body = await readBody(req);
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'download' && parts[1]) return this.download(parts[1], token, res);
    if (parts[0] !== this.version) return graphError(res, 404, { message: 'Unknown path components', type: 'OAuthException', code: 2500 });
    const [, id, edge] = parts;
    const media = this.media.get(id);
    if (media && !edge && req.method === 'GET') {
      if (![...this.numbers.values()].some((n) => n.token === token)) return graphError(res, 401, { ...TOKEN_EXPIRED, message: 'Invalid OAuth access token.' });
      return json(res, 200, {
        messaging_product: 'whatsapp',
        url: `${url.origin.replace('fake', req.headers.host!)}/download/${id}`,
        mime_type: media.mime,
        sha256: 'x',
        file_size: media.data.length,
        id,
      });
    }
    const account = this.businessAccounts.get(id);
    if (account && edge === 'message_templates' && req.method === 'GET') return this.templatesPage(url, id, account, token, res);
    const number = this.numbers.get(id);
    if (!number) return graphError(res, 400, { message: `Unsupported get request. Object with ID '${id}' does not exist`, type: 'GraphMethodException', code: 100, error_subcode: 33 });
    const failure = this.failing.get(id);
    if (failure) return graphError(res, failure.status, failure.error);
    if (token !== number.token) return graphError(res, 401, { ...TOKEN_EXPIRED, message: 'Invalid OAuth access token - Cannot parse access token' });
    if (!edge && req.method === 'GET') {
      return json(res, 200, { verified_name: number.verifiedName, display_phone_number: number.displayPhoneNumber, id, quality_rating: 'GREEN' });
    }
    if (edge === 'media' && req.method === 'POST') return this.upload(id, req, body, res);
    if (edge === 'messages' && req.method === 'POST') {
      const queued = this.refuseNextSends.get(id)?.shift();
      if (queued) return graphError(res, queued.status, queued.error);
      const message = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      // marking an inbound message read: `{ messaging_product, status: "read", message_id }` answers `{ success: true }`
      if (message.status === 'read' && message.messaging_product === 'whatsapp' && typeof message.message_id === 'string') {
        this.readMarks.push({ phoneNumberId: id, body: message });
        return json(res, 200, { success: true });
      }
      // a user known only by their business-scoped user id is written to with `recipient` instead of `to`
      if (message.messaging_product === 'whatsapp' && typeof message.to !== 'string' && typeof message.recipient === 'string') {
        this.sent.push({ phoneNumberId: id, body: message });
        return json(res, 200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: message.recipient, user_id: message.recipient }],
          messages: [{ id: `wamid.${randomBytes(12).toString('base64url')}` }],
        });
      }
      if (message.messaging_product !== 'whatsapp' || typeof message.to !== 'string') {
        return graphError(res, 400, { message: '(#100) The parameter messaging_product is required.', type: 'OAuthException', code: 100 });
      }
      if (message.type === 'template') {
        const refused = this.refuseTemplate(number.token, message.template as TemplateSend | undefined);
        if (refused) return graphError(res, refused.status, refused.error);
      }
      this.sent.push({ phoneNumberId: id, body: message });
      const waId = message.to.replace(/\D/g, '');
      return json(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: message.to, wa_id: waId }], messages: [{ id: `wamid.${randomBytes(12).toString('base64url')}` }] });
    }
    return graphError(res, 400, { message: 'Unsupported request', type: 'GraphMethodException', code: 100 });
  }

  /**
   * Meta's media upload: multipart with `messaging_product=whatsapp`, `type` (the MIME type) and
   * `file`; answers `{ id }`. The file is kept as media of that id (downloadable as Meta's is).
   */
  private async upload(phoneNumberId: string, req: IncomingMessage, body: Buffer, res: ServerResponse) {
    let form: FormData;
    try {
      form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
    } catch {
      return graphError(res, 400, { message: '(#100) Invalid multipart body', type: 'OAuthException', code: 100 });
    }
    const file = form.get('file');
    const messagingProduct = typeof form.get('messaging_product') === 'string' ? (form.get('messaging_product') as string) : null;
    if (messagingProduct !== 'whatsapp') return graphError(res, 400, { message: '(#100) The parameter messaging_product is required.', type: 'OAuthException', code: 100 });
    if (!file || typeof file === 'string') return graphError(res, 400, { message: '(#100) The parameter file is required.', type: 'OAuthException', code: 100 });
    const mediaId = String(1_000_000_000_000 + this.uploads.length + Math.floor(Math.random() * 1e9));
    const data = Buffer.from(await file.arrayBuffer());
    this.media.set(mediaId, { data, mime: file.type });
    const type = form.get('type');
    this.uploads.push({ phoneNumberId, mediaId, messagingProduct, type: typeof type === 'string' ? type : null, fileName: file.name ?? null, mime: file.type, size: data.length });
    return json(res, 200, { id: mediaId });
  }

  /** One page of a business account's templates: `after` is the previous page's cursor; `next` only when more follow, as Meta does. */
  private templatesPage(url: URL, wabaId: string, account: { token: string; templates: FakeTemplate[] }, token: string, res: ServerResponse) {
    if (token !== account.token) return graphError(res, 401, { ...TOKEN_EXPIRED, message: 'Invalid OAuth access token - Cannot parse access token' });
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 25) || 25, this.templatePageSize);
    const after = url.searchParams.get('after');
    const start = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) : 0;
    if (!Number.isInteger(start) || start < 0) return graphError(res, 400, { message: 'Invalid cursor', type: 'OAuthException', code: 100 });
    const data = account.templates.slice(start, start + limit);
    const cursor = (i: number) => Buffer.from(String(i)).toString('base64url');
    const more = start + limit < account.templates.length;
    const next = new URL(`${url.origin.replace('fake', 'graph.example')}${url.pathname}`);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursor(start + limit));
    return json(res, 200, { data, paging: { cursors: { before: cursor(start), after: cursor(start + data.length) }, ...(more ? { next: next.toString() } : {}) } });
  }

  /** Meta's answer to a template it cannot send: 132001 (no such template in that language), 132000 (parameters do not match). */
  private refuseTemplate(token: string, template: TemplateSend | undefined): { status: number; error: GraphErrorBody } | undefined {
    const language = template?.language?.code ?? '';
    const found = [...this.businessAccounts.values()]
      .filter((a) => a.token === token)
      .flatMap((a) => a.templates)
      .find((t) => t.name === template?.name && t.language === language && t.status === 'APPROVED');
    if (!found) {
      return {
        status: 404,
        error: {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
          error_data: { messaging_product: 'whatsapp', details: `template name (${template?.name}) does not exist in ${language}` },
        },
      };
    }
    const body = found.components.find((c) => c.type === 'BODY')?.text ?? '';
    const expected = Math.max(0, ...[...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])));
    const given = template?.components?.find((c) => c.type === 'body')?.parameters?.length ?? 0;
    if (given !== expected) {
      return {
        status: 400,
        error: {
          message: '(#132000) Number of parameters does not match the expected number of params',
          type: 'OAuthException',
          code: 132000,
          error_data: { messaging_product: 'whatsapp', details: `body: number of localizable_params (${given}) does not match the expected number of params (${expected})` },
        },
      };
    }
    const headerRefused = headerMismatch(found, template);
    if (headerRefused) {
      return {
        status: 400,
        error: {
          message: '(#132012) Parameter format does not match format in the created template',
          type: 'OAuthException',
          code: 132012,
          error_data: { messaging_product: 'whatsapp', details: headerRefused },
        },
      };
    }
    // a quick-reply payload needs a quick-reply button at its index, a URL's suffix a URL button; a dynamic URL button needs its suffix
    const buttons = found.components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
    const refuseButton = (index: string | number, subType: string) => ({
      status: 400,
      error: {
        message: '(#131009) Parameter value is not valid',
        type: 'OAuthException',
        code: 131009,
        error_data: { messaging_product: 'whatsapp' as const, details: `Button at index ${index} of type ${subType} does not exist` },
      },
    });
    const pressed = (template?.components ?? []).filter((c) => c.type === 'button');
    for (const c of pressed) {
      const button = buttons[Number(c.index)];
      const param = c.parameters?.length === 1 ? c.parameters[0] : undefined;
      const quickReply = c.sub_type === 'quick_reply' && param?.type === 'payload' && typeof param.payload === 'string' && button?.type === 'QUICK_REPLY';
      const url = c.sub_type === 'url' && param?.type === 'text' && !!param.text && button?.type === 'URL' && /\{\{1\}\}/.test(button.url ?? '');
      if (!quickReply && !url) return refuseButton(c.index ?? '?', c.sub_type ?? '?');
    }
    const unfilled = buttons.findIndex((b, i) => b.type === 'URL' && /\{\{1\}\}/.test(b.url ?? '') && !pressed.some((c) => Number(c.index) === i));
    if (unfilled >= 0) return refuseButton(unfilled, 'url');
    return undefined;
  }

  private download(id: string, token: string, res: ServerResponse) {
    const media = this.media.get(id);
    if (!media || ![...this.numbers.values()].some((n) => n.token === token)) return graphError(res, 404, { message: 'Not found', type: 'OAuthException', code: 100 });
    const failures = this.failDownloads.get(id) ?? 0;
    if (failures > 0) {
      this.failDownloads.set(id, failures - 1);
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { 'content-type': media.mime, 'content-length': media.data.length });
    res.end(media.data);
  }
}

type TemplateSend = {
  name?: string;
  language?: { code?: string };
  components?: { type: string; sub_type?: string; index?: string; parameters?: ({ type: string; text?: string; payload?: string } & Record<string, unknown>)[] }[];
};

/** Why the header parameter does not match the template's header (Meta's 132012), or null when it does. */
function headerMismatch(found: FakeTemplate, template: TemplateSend | undefined): string | null {
  const header = found.components.find((c) => c.type === 'HEADER');
  const given = template?.components?.find((c) => c.type === 'header')?.parameters?.[0];
  const format = header?.format ?? 'TEXT';
  const needs = !!header && (format !== 'TEXT' || /\{\{1\}\}/.test(header.text ?? ''));
  if (!needs) return given ? 'header: the template takes no header parameter' : null;
  if (!given) return `header: expected ${format}`;
  const kind = format.toLowerCase();
  if (given.type !== kind) return `header: expected ${format}, received ${given.type.toUpperCase()}`;
  if (kind === 'text') return given.text ? null : 'header: empty text';
  const media = given[kind] as { link?: string; id?: string } | undefined;
  return media?.link || media?.id ? null : `header: ${format} needs a link or an id`;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function graphError(res: ServerResponse, status: number, error: GraphErrorBody) {
  json(res, status, { error: { ...error, fbtrace_id: `A${randomBytes(8).toString('base64url')}` } });
}
