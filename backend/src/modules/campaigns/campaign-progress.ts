import { Injectable, Logger } from '@nestjs/common';
import type { CampaignPauseReason, CampaignStatus } from '@crm/common';
import { Database } from '../../platform/db/database.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** Pushes `campaign:progress` (status and counts) to the company's admins after a change. */
@Injectable()
export class CampaignProgress {
  private readonly logger = new Logger('CampaignProgress');

  constructor(
    private readonly db: Database,
    private readonly repo: CampaignsRepository,
    private readonly realtime: RealtimeEmitter,
  ) {}

  async push(tenantId: string, campaignIds: Iterable<string>): Promise<void> {
    const ids = [...new Set(campaignIds)];
    if (!ids.length) return;
    try {
      const found = await this.db.tenant(tenantId, async (tx) => {
        const counts = await this.repo.counts(tx, tenantId, ids);
        const campaigns = await Promise.all(ids.map((id) => this.repo.find(tx, tenantId, id)));
        return campaigns.filter((c) => !!c).map((c) => ({ campaign: c, counts: counts.get(c.id)! }));
      });
      for (const { campaign, counts } of found) {
        this.realtime.toAdmins(tenantId, 'campaign:progress', {
          campaignId: campaign.id,
          status: campaign.status as CampaignStatus,
          pausedReason: (campaign.pausedReason as CampaignPauseReason | null) ?? null,
          counts,
        });
      }
    } catch (err) {
      this.logger.warn(`campaign progress of ${tenantId} not pushed: ${err}`);
    }
  }
}
