import { Injectable } from '@nestjs/common';
import {
  isMediaHeader,
  templateParamCount,
  type TemplateButton,
  type TemplateHeader,
  type WhatsAppTemplate,
  type WhatsAppTemplatePage,
  type WhatsAppTemplatesQuery,
  type WhatsAppTemplateSyncResult,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { GraphApi, GraphApiError, type GraphTemplate } from './graph-api.js';
import { WhatsAppCloudService } from './whatsapp-cloud.service.js';
import type { WhatsappCloudTemplateRow } from './whatsapp-cloud.table.js';
import { WhatsAppTemplatesRepository, type TemplateValues } from './whatsapp-templates.repository.js';

/** A business account with more pages than this is cut off rather than followed forever (a cursor that never ends). */
const MAX_PAGES = 200;

export const TEMPLATE_TEXTS = {
  cloudOnly: 'WhatsApp templates can be sent only by a company connected through the official WhatsApp API.',
  notFound: 'This WhatsApp template was not found. Sync the templates and choose one of the list.',
  notApproved: (status: string) => `This WhatsApp template is not approved by Meta (${status}): it cannot be sent.`,
  paramsMissing: (count: number) => `This WhatsApp template needs ${count} parameter(s).`,
  headerMissing: (format: string) =>
    format === 'TEXT' ? "This WhatsApp template's header needs its parameter." : `This WhatsApp template's header needs a ${format.toLowerCase()}: a link or an uploaded media id.`,
  headerInvalid: 'This header parameter does not fit the template: a text header takes text, a media header a link or media id, and a template without a header takes none.',
  buttonMissing: (index: number) => `Button ${index + 1} of this WhatsApp template needs the end of its link.`,
  buttonInvalid: (index: number) => `Button ${index + 1} of this WhatsApp template takes no parameter.`,
  syncFailed: (reason: string) => `The templates could not be read from Meta: ${reason}`,
} as const;

/**
 * The company's WhatsApp message templates: synced from its business account on Meta (every page),
 * listed for the composer and settings, and checked before one is sent.
 */
@Injectable()
export class WhatsAppTemplatesService {
  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppTemplatesRepository,
    private readonly cloud: WhatsAppCloudService,
    private readonly graph: GraphApi,
    private readonly clock: Clock,
  ) {}

  /** Reads every page Meta lists, then stores them in one transaction: added, changed, and the ones Meta no longer lists removed. */
  async sync(tenantId: string): Promise<WhatsAppTemplateSyncResult> {
    const credentials = await this.cloud.credentials(tenantId);
    if (!credentials) throw ApiError.notFound('The official WhatsApp API is not set up for this company.').withCode('whatsapp.cloud_not_configured');
    const listed = new Map<string, TemplateValues>();
    try {
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await this.graph.messageTemplates(credentials.businessAccountId, credentials.accessToken, after);
        for (const t of answer.data ?? []) listed.set(`${t.name}\u0000${t.language}`, valuesOf(t));
        after = answer.paging?.cursors?.after;
        // Meta leaves out `next` on the last page (the cursors stay)
        if (!answer.paging?.next || !after) break;
      }
    } catch (err) {
      if (err instanceof GraphApiError) throw ApiError.conflict(TEMPLATE_TEXTS.syncFailed(err.message)).withCode('whatsapp.templates_sync_failed', { metaCode: err.code ?? 0 });
      throw err;
    }
    const syncedAt = this.clock.now();
    const values = [...listed.values()];
    return this.db.tenant(tenantId, async (tx) => {
      const before = new Map((await this.repo.all(tx, tenantId)).map((r) => [`${r.name}\u0000${r.language}`, r]));
      let added = 0;
      let updated = 0;
      for (const [key, v] of listed) {
        const old = before.get(key);
        if (!old) added++;
        else if (changed(old, v)) updated++;
      }
      const removed = await this.repo.replaceAll(tx, tenantId, values, syncedAt);
      return { total: values.length, added, updated, removed, syncedAt: syncedAt.toISOString() };
    });
  }

  async list(actor: TenantActor, query: WhatsAppTemplatesQuery): Promise<WhatsAppTemplatePage> {
    const { rows, total } = await this.db.tenant(actor.tenantId, (tx) =>
      this.repo.page(tx, actor.tenantId, { status: query.status === 'all' ? null : query.status, offset: (query.page - 1) * query.limit, limit: query.limit }),
    );
    return { items: rows.map(toDto), total };
  }

  /** The approved template to send (in the caller's transaction); a clear refusal when it is unknown or not approved. */
  async approved(tx: TenantTx, tenantId: string, name: string, language: string): Promise<WhatsappCloudTemplateRow> {
    const row = await this.repo.find(tx, tenantId, name, language);
    if (!row) throw ApiError.notFound(TEMPLATE_TEXTS.notFound).withCode('whatsapp.template_not_found');
    if (row.status !== 'APPROVED') throw ApiError.conflict(TEMPLATE_TEXTS.notApproved(row.status), 'template').withCode('whatsapp.template_not_approved', { status: row.status });
    return row;
  }
}

const componentOf = (t: GraphTemplate, type: string) => t.components?.find((c) => c.type?.toUpperCase() === type);

function valuesOf(t: GraphTemplate): TemplateValues {
  const body = componentOf(t, 'BODY')?.text ?? '';
  return {
    metaId: String(t.id),
    name: t.name,
    language: t.language,
    category: t.category ?? '',
    status: t.status ?? '',
    body,
    bodyParamCount: templateParamCount(body),
    header: headerOf(t),
    buttons: (componentOf(t, 'BUTTONS')?.buttons ?? []).map((b): TemplateButton => ({ type: (b.type ?? '').toUpperCase(), text: b.text ?? '', url: b.url ?? null })),
  };
}

function headerOf(t: GraphTemplate): TemplateHeader | null {
  const header = componentOf(t, 'HEADER');
  if (!header) return null;
  const format = (header.format ?? 'TEXT').toUpperCase();
  if (format === 'TEXT') return { format, text: header.text ?? '', paramCount: Math.min(templateParamCount(header.text ?? ''), 1) };
  return { format, text: null, paramCount: isMediaHeader({ format }) ? 1 : 0 };
}

/** Whether a sync changes what the composer shows or sends (the time of the sync aside). */
function changed(old: WhatsappCloudTemplateRow, v: TemplateValues): boolean {
  return old.status !== v.status || old.body !== v.body || old.category !== v.category || old.metaId !== v.metaId || shapeOf(old) !== shapeOf(v);
}

/** Header and buttons as one string in a fixed key order (jsonb gives keys back in its own order). */
function shapeOf(t: Pick<TemplateValues, 'header' | 'buttons'>): string {
  const h = t.header;
  return JSON.stringify([h ? [h.format, h.text, h.paramCount] : null, (t.buttons ?? []).map((b) => [b.type, b.text, b.url])]);
}

function toDto(row: WhatsappCloudTemplateRow): WhatsAppTemplate {
  return {
    _id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: row.status,
    body: row.body,
    bodyParamCount: row.bodyParamCount,
    header: row.header ?? null,
    buttons: row.buttons ?? [],
    syncedAt: row.syncedAt.toISOString(),
  };
}
