/**
 * Meta's Graph API as the Cloud API uses it: JSON over HTTPS with a bearer token. Meta's errors
 * come as `{ error: { message, type, code, error_subcode, fbtrace_id } }`.
 */

/** Token expired, revoked or otherwise invalid (OAuthException). */
export const GRAPH_TOKEN_INVALID = 190;
/** The business account is locked. */
export const GRAPH_ACCOUNT_LOCKED = 131031;

export class GraphApiError extends Error {
  constructor(
    message: string,
    /** The HTTP status, 0 when Meta was not reached. */
    readonly status: number,
    /** Meta's error code (e.g. 190), null when Meta was not reached or said nothing readable. */
    readonly code: number | null,
    readonly subcode: number | null = null,
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
  }
}

export type PhoneNumberInfo = { id: string; display_phone_number?: string; verified_name?: string; quality_rating?: string };
export type SendMessageAnswer = { messaging_product: 'whatsapp'; contacts: { input: string; wa_id: string }[]; messages: { id: string; message_status?: string }[] };
export type MediaInfo = { id: string; url: string; mime_type: string; sha256?: string; file_size?: number };
export type UploadedMedia = { id: string };
/** A message template as `GET /{waba-id}/message_templates` lists it. */
export type GraphTemplate = { id: string; name: string; language: string; status: string; category: string; components?: GraphTemplateComponent[] };
/** A template's component as Meta lists it: HEADER (format, text), BODY (text), FOOTER, BUTTONS (buttons). */
export type GraphTemplateComponent = { type: string; format?: string; text?: string; buttons?: { type: string; text?: string; url?: string; phone_number?: string }[] };
export type GraphTemplatePage = { data: GraphTemplate[]; paging?: { cursors?: { before?: string; after?: string }; next?: string } };

export class GraphApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  phoneNumber(phoneNumberId: string, token: string): Promise<PhoneNumberInfo> {
    return this.json(`/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name,quality_rating`, token);
  }

  sendMessage(phoneNumberId: string, token: string, message: Record<string, unknown>): Promise<SendMessageAnswer> {
    return this.json(`/${encodeURIComponent(phoneNumberId)}/messages`, token, { messaging_product: 'whatsapp', ...message });
  }

  /** One page of the business account's message templates; the next starts `after` the previous page's cursor. */
  messageTemplates(businessAccountId: string, token: string, after?: string): Promise<GraphTemplatePage> {
    const query = new URLSearchParams({ fields: 'id,name,language,status,category,components', limit: '100', ...(after ? { after } : {}) });
    return this.json(`/${encodeURIComponent(businessAccountId)}/message_templates?${query}`, token);
  }

  media(mediaId: string, token: string): Promise<MediaInfo> {
    return this.json(`/${encodeURIComponent(mediaId)}`, token);
  }

  /**
   * Uploads a file for a message (`POST /{phone-number-id}/media`, multipart: `messaging_product`,
   * `type` = its MIME type, `file`); Meta answers its id, which a message then names.
   */
  async uploadMedia(phoneNumberId: string, token: string, file: { data: Buffer; mime: string; fileName: string }): Promise<UploadedMedia> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mime);
    form.set('file', new Blob([file.data], { type: file.mime }), file.fileName);
    const res = await this.fetch(`${this.baseUrl}/${encodeURIComponent(phoneNumberId)}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (!res.ok) throw await this.errorOf(res);
    return (await res.json()) as UploadedMedia;
  }

  /** Downloads a media URL Meta gave (it expires in minutes and needs the same token). */
  async download(url: string, token: string, maxBytes: number): Promise<Buffer> {
    const res = await this.fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw await this.errorOf(res);
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > maxBytes) throw new GraphApiError(`media of ${length} bytes is over the limit`, res.status, null);
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length > maxBytes) throw new GraphApiError(`media of ${data.length} bytes is over the limit`, res.status, null);
    return data;
  }

  private async json<T>(path: string, token: string, body?: unknown): Promise<T> {
    const res = await this.fetch(this.baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw await this.errorOf(res);
    return (await res.json()) as T;
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs), redirect: 'follow' });
    } catch (err) {
      throw new GraphApiError(`Meta's Graph API could not be reached: ${(err as Error).message}`, 0, null);
    }
  }

  private async errorOf(res: Response): Promise<GraphApiError> {
    const text = await res.text().catch(() => '');
    try {
      const { error } = JSON.parse(text) as { error?: { message?: string; code?: number; error_subcode?: number; fbtrace_id?: string } };
      if (error) return new GraphApiError(error.message ?? `HTTP ${res.status}`, res.status, error.code ?? null, error.error_subcode ?? null, error.fbtrace_id ?? null);
    } catch {
      // not Meta's JSON (a proxy's page): the status says enough
    }
    return new GraphApiError(`Meta's Graph API answered HTTP ${res.status}`, res.status, null);
  }
}
