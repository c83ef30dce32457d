import { Injectable } from '@nestjs/common';
import { templateParamCount, type WhatsAppTemplate, type WhatsAppTemplatePage, type WhatsAppTemplatesQuery, type WhatsAppTemplateSyncResult } from '@crm/common';
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
        else if (old.status !== v.status || old.body !== v.body || old.category !== v.category || old.metaId !== v.metaId) updated++;
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

function valuesOf(t: GraphTemplate): TemplateValues {
  const body = t.components?.find((c) => c.type?.toUpperCase() === 'BODY')?.text ?? '';
  return { metaId: String(t.id), name: t.name, language: t.language, category: t.category ?? '', status: t.status ?? '', body, bodyParamCount: templateParamCount(body) };
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
    syncedAt: row.syncedAt.toISOString(),
  };
}
