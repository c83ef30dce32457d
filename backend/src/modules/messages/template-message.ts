import { Injectable } from '@nestjs/common';
import { displayPhone, fillTemplateBody, isDynamicUrlButton, isMediaHeader, templateParamsFor, type TemplateMessage } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SenderContact } from '../chats/chats.repository.js';
import { TEMPLATE_TEXTS, WhatsAppTemplatesService } from '../whatsapp-cloud/whatsapp-templates.service.js';
import type { WhatsappCloudTemplateRow } from '../whatsapp-cloud/whatsapp-cloud.table.js';
import type { OutgoingTemplate, TemplateButtonParam, TemplateHeaderParam } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';

/** A template message ready to store and send: the text the chat shows, and what Meta gets. */
export type PreparedTemplate = { body: string; template: OutgoingTemplate };

/**
 * A WhatsApp template message (official API only): the template must be synced and APPROVED, its
 * `{{1}}` left blank becomes the contact's name, and the chat shows its body filled in.
 */
@Injectable()
export class TemplateMessages {
  constructor(
    private readonly sessions: WhatsAppSessionsService,
    private readonly templates: WhatsAppTemplatesService,
  ) {}

  /**
   * Checks and fills the template in the caller's transaction; a clear refusal otherwise (nothing stored).
   * `quickReplyPayloads` go, in order, to the template's own quick-reply buttons (wherever Meta lists
   * them) that the input left without one; a template with fewer such buttons takes fewer.
   */
  async prepare(tx: TenantTx, tenantId: string, contact: Pick<SenderContact, 'name' | 'phone'>, input: TemplateMessage, quickReplyPayloads: readonly string[] = []): Promise<PreparedTemplate> {
    if ((await this.sessions.connectionKind(tx, tenantId)) !== 'cloud') throw ApiError.conflict(TEMPLATE_TEXTS.cloudOnly, 'template').withCode('whatsapp.templates_cloud_only');
    const row = await this.templates.approved(tx, tenantId, input.name, input.language);
    // never a WhatsApp id's placeholder (`user:…`) in what the contact reads: without a name or number {{1}} must be given
    const params = templateParamsFor(input.params ?? [], row.bodyParamCount, contact.name?.trim() || displayPhone(contact.phone) || '');
    const missing = params.length < row.bodyParamCount || params.some((p) => !p.trim());
    if (missing) throw ApiError.badRequest(TEMPLATE_TEXTS.paramsMissing(row.bodyParamCount), 'template.params').withCode('whatsapp.template_params_missing', { count: row.bodyParamCount });
    const header = headerParam(row, input.header);
    const buttons = withQuickReplyPayloads(row, buttonParams(row, input.buttons ?? []), quickReplyPayloads);
    // the chat shows what the contact reads: a text header above the body
    const text = fillTemplateBody(row.body, params);
    const body = header?.type === 'text' && row.header?.text ? `${fillTemplateBody(row.header.text, [header.text])}\n\n${text}` : text;
    return { body, template: { name: row.name, language: row.language, params, ...(header ? { header } : {}), ...(buttons.length ? { buttons } : {}) } };
  }
}

/** The header's parameter as the template asks for it; a clear refusal when it is missing or does not fit. */
function headerParam(row: WhatsappCloudTemplateRow, given: TemplateMessage['header']): TemplateHeaderParam | undefined {
  const text = given?.text?.trim() ?? '';
  const media = !!(given?.link || given?.mediaId);
  const header = row.header;
  const invalid = () => ApiError.badRequest(TEMPLATE_TEXTS.headerInvalid, 'template.header').withCode('whatsapp.template_header_invalid');
  if (!header || header.paramCount === 0) {
    if (text || media) throw invalid();
    return undefined;
  }
  const missing = () => ApiError.badRequest(TEMPLATE_TEXTS.headerMissing(header.format), 'template.header').withCode('whatsapp.template_header_missing', { format: header.format });
  if (header.format === 'TEXT') {
    if (media) throw invalid();
    if (!text) throw missing();
    return { type: 'text', text };
  }
  if (!isMediaHeader(header)) throw invalid();
  if (text) throw invalid();
  if (!media) throw missing();
  const type = header.format.toLowerCase() as 'image' | 'video' | 'document';
  const filename = type === 'document' && given?.filename ? { filename: given.filename } : {};
  return given?.mediaId ? { type, id: given.mediaId, ...filename } : { type, link: given!.link!, ...filename };
}

/** The buttons' parameters by index: each dynamic URL button needs its suffix; a quick reply may have a payload; others take none. */
function buttonParams(row: WhatsappCloudTemplateRow, given: readonly string[]): TemplateButtonParam[] {
  const buttons = row.buttons ?? [];
  const out: TemplateButtonParam[] = [];
  given.forEach((raw, index) => {
    const value = raw.trim();
    if (!value) return;
    const button = buttons[index];
    if (button && isDynamicUrlButton(button)) out.push({ index, subType: 'url', value });
    else if (button?.type === 'QUICK_REPLY') out.push({ index, subType: 'quick_reply', value });
    else throw ApiError.badRequest(TEMPLATE_TEXTS.buttonInvalid(index), 'template.buttons').withCode('whatsapp.template_button_invalid', { index });
  });
  buttons.forEach((button, index) => {
    if (isDynamicUrlButton(button) && !out.some((b) => b.index === index)) {
      throw ApiError.badRequest(TEMPLATE_TEXTS.buttonMissing(index), 'template.buttons').withCode('whatsapp.template_button_missing', { index });
    }
  });
  return out;
}

/** The given payloads on the template's quick-reply buttons that have none yet, in the template's order. */
function withQuickReplyPayloads(row: WhatsappCloudTemplateRow, given: TemplateButtonParam[], payloads: readonly string[]): TemplateButtonParam[] {
  const free = (row.buttons ?? []).flatMap((button, index) => (button.type === 'QUICK_REPLY' && !given.some((b) => b.index === index) ? [index] : []));
  const added = free.slice(0, payloads.length).map((index, i): TemplateButtonParam => ({ index, subType: 'quick_reply', value: payloads[i] }));
  return [...given, ...added].sort((x, y) => x.index - y.index);
}
