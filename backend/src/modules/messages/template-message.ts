import { Injectable } from '@nestjs/common';
import { fillTemplateBody, templateParamsFor, type TemplateMessage } from '@crm/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { SenderContact } from '../chats/chats.repository.js';
import { TEMPLATE_TEXTS, WhatsAppTemplatesService } from '../whatsapp-cloud/whatsapp-templates.service.js';
import type { OutgoingTemplate } from '../whatsapp/whatsapp-driver.js';
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

  /** Checks and fills the template in the caller's transaction; a clear refusal otherwise (nothing stored). */
  async prepare(tx: TenantTx, tenantId: string, contact: Pick<SenderContact, 'name' | 'phone'>, input: TemplateMessage): Promise<PreparedTemplate> {
    if ((await this.sessions.connectionKind(tx, tenantId)) !== 'cloud') throw ApiError.conflict(TEMPLATE_TEXTS.cloudOnly, 'template').withCode('whatsapp.templates_cloud_only');
    const row = await this.templates.approved(tx, tenantId, input.name, input.language);
    const params = templateParamsFor(input.params ?? [], row.bodyParamCount, contact.name?.trim() || contact.phone);
    const missing = params.length < row.bodyParamCount || params.some((p) => !p.trim());
    if (missing) throw ApiError.badRequest(TEMPLATE_TEXTS.paramsMissing(row.bodyParamCount), 'template.params').withCode('whatsapp.template_params_missing', { count: row.bodyParamCount });
    return { body: fillTemplateBody(row.body, params), template: { name: row.name, language: row.language, params } };
  }
}
