import { Injectable } from '@nestjs/common';
import { campaignRates, dayIn, displayPhone, formatDateTimeIn, type Language } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ContactQueriesRepository } from '../contacts/contact-queries.repository.js';
import { ContactsWorkerPool } from '../contacts/contacts-worker.pool.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { SendingSettingsService } from './sending-settings.service.js';

/** The most recipients one export reads (a campaign's audience is a list filter: the lists' export limit is 50,000). */
const EXPORT_MAX = 100_000;

const HEADS = {
  en: {
    summary: 'Report',
    recipients: 'Recipients',
    measure: 'Measure',
    value: 'Value',
    rows: ['Campaign', 'Recipients', 'Sent', 'Delivered %', 'Read %', 'Replied %', 'Failed %', 'Failed', 'Skipped'],
    recipientHeads: ['Name', 'Phone', 'Status', 'Reason', 'Sent at'],
  },
  ar: {
    summary: 'التقرير',
    recipients: 'المستلمون',
    measure: 'المقياس',
    value: 'القيمة',
    rows: ['الحملة', 'المستلمون', 'المرسلة', 'نسبة التسليم %', 'نسبة القراءة %', 'نسبة الرد %', 'نسبة الفشل %', 'فشلت', 'تم تخطيها'],
    recipientHeads: ['الاسم', 'الهاتف', 'الحالة', 'السبب', 'وقت الإرسال'],
  },
} as const;

/** A campaign's report as an .xlsx workbook (sent / delivered / read / replied rates, and each recipient), written in the worker pool. */
@Injectable()
export class CampaignReport {
  constructor(
    private readonly db: Database,
    private readonly repo: CampaignsRepository,
    private readonly settings: SendingSettingsService,
    private readonly queries: ContactQueriesRepository,
    private readonly workers: ContactsWorkerPool,
    private readonly clock: Clock,
  ) {}

  async export(actor: TenantActor, id: string): Promise<{ filename: string; content: Buffer }> {
    const data = await this.db.tenant(actor.tenantId, async (tx) => {
      const campaign = await this.repo.find(tx, actor.tenantId, id);
      if (!campaign) throw ApiError.notFound('Campaign not found.').withCode('campaign.not_found');
      const counts = (await this.repo.counts(tx, actor.tenantId, [id])).get(id)!;
      const { items } = await this.repo.recipients(tx, actor.tenantId, id, { offset: 0, limit: EXPORT_MAX });
      const language: Language = await this.queries.userLanguage(tx, actor.userId);
      const { timeZone } = await this.settings.current(tx, actor.tenantId);
      return { campaign, counts, items, language, timeZone };
    });
    const h = HEADS[data.language];
    const rates = campaignRates(data.counts);
    const content = await this.workers.writeWorkbook([
      {
        name: h.summary,
        heads: [h.measure, h.value],
        rows: [data.campaign.name, data.counts.total, rates.reached, rates.delivered, rates.read, rates.replied, rates.failed, data.counts.failed, data.counts.skipped].map((v, i) => [h.rows[i], v]),
        widths: [24, 40],
      },
      {
        name: h.recipients,
        heads: [...h.recipientHeads],
        rows: data.items.map((r) => [r.name, displayPhone(r.phone), r.status === 'sending' ? 'pending' : r.status, r.reason, r.sentAt ? formatDateTimeIn(r.sentAt, data.timeZone) : null]),
        widths: [28, 18, 12, 20, 20],
      },
    ]);
    return { filename: `campaign_${dayIn(this.clock.now(), data.timeZone)}.xlsx`, content };
  }
}
