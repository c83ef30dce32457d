import { Injectable } from '@nestjs/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ContactAudiences } from '../contacts/contact-audiences.js';
import type { CampaignRow } from './campaigns.table.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { SendingSettingsService } from './sending-settings.service.js';

/**
 * Starting a campaign: its audience becomes its recipients (one INSERT … SELECT over the lists'
 * filter, read at the moment it starts) and it runs; with nobody to send to it completes at once.
 * Called in the transaction that moves it out of draft or scheduled, so it happens once.
 */
@Injectable()
export class CampaignStarter {
  constructor(
    private readonly repo: CampaignsRepository,
    private readonly audiences: ContactAudiences,
    private readonly settings: SendingSettingsService,
  ) {}

  async startInTx(tx: TenantTx, tenantId: string, campaign: CampaignRow, now: Date): Promise<void> {
    const { timeZone } = await this.settings.current(tx, tenantId);
    await this.repo.materialise(tx, tenantId, campaign.id, this.audiences.where(tenantId, campaign.audience, timeZone), now);
    const open = await this.repo.hasOpen(tx, tenantId, campaign.id);
    await this.repo.update(
      tx,
      tenantId,
      campaign.id,
      open ? { status: 'running', startedAt: now, pausedReason: null, updatedAt: now } : { status: 'completed', startedAt: now, finishedAt: now, updatedAt: now },
    );
  }
}
