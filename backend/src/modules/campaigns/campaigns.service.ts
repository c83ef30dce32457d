import { Injectable } from '@nestjs/common';
import {
  CAMPAIGN_SAMPLE_SIZE,
  renderCampaignMessage,
  type AudiencePreview,
  type AudiencePreviewInput,
  type Campaign,
  type CampaignInput,
  type CampaignListQuery,
  type CampaignPatch,
  type CampaignRecipient,
  type CampaignRecipientsQuery,
  type ListResult,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/db/columns.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { keyBelongsToTenant } from '../../platform/files/file-storage.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ContactAudiences } from '../contacts/contact-audiences.js';
import { toCampaignDto, toRecipientDto } from './campaign.mapper.js';
import { CampaignProgress } from './campaign-progress.js';
import { CampaignSender } from './campaign-sender.js';
import { CampaignStarter } from './campaign-starter.js';
import { CampaignsRepository, type CampaignRecord } from './campaigns.repository.js';
import { SendingSettingsService } from './sending-settings.service.js';

const notFound = () => ApiError.notFound('Campaign not found.').withCode('campaign.not_found');

/**
 * Campaigns as admins manage them: drafts, the audience's live count and sample, starting
 * (now or at a time), pausing, resuming and cancelling by hand, and the per-recipient table.
 * Sending is CampaignSender's.
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly db: Database,
    private readonly repo: CampaignsRepository,
    private readonly audiences: ContactAudiences,
    private readonly settings: SendingSettingsService,
    private readonly starter: CampaignStarter,
    private readonly progress: CampaignProgress,
    private readonly sender: CampaignSender,
    private readonly clock: Clock,
  ) {}

  async list(actor: TenantActor, query: CampaignListQuery): Promise<ListResult<Campaign>> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const { items, total } = await this.repo.page(tx, actor.tenantId, (query.page - 1) * query.limit, query.limit);
      const counts = await this.repo.counts(
        tx,
        actor.tenantId,
        items.map((c) => c.id),
      );
      return { items: items.map((c) => toCampaignDto(c, counts.get(c.id)!)), total };
    });
  }

  async get(actor: TenantActor, id: string): Promise<Campaign> {
    return this.db.tenant(actor.tenantId, async (tx) => this.dto(tx, actor.tenantId, await await404(this.repo.find(tx, actor.tenantId, id))));
  }

  async create(actor: TenantActor, input: CampaignInput): Promise<Campaign> {
    this.checkMedia(actor, input.media);
    const now = this.clock.now();
    return this.db.tenant(actor.tenantId, async (tx) => {
      const row = await this.repo.insert(tx, {
        id: newId(),
        tenantId: actor.tenantId,
        name: input.name,
        audience: input.audience,
        message: input.message,
        mediaPath: input.media?.path ?? null,
        mediaFileName: input.media?.fileName ?? null,
        whatsappTemplate: input.whatsappTemplate ?? null,
        scheduledAt: input.scheduledAt ? new Date(input.scheduledAt) : null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      return this.dto(tx, actor.tenantId, (await this.repo.find(tx, actor.tenantId, row.id))!);
    });
  }

  /** A draft (or a scheduled campaign not yet started) may still change. */
  async update(actor: TenantActor, id: string, patch: CampaignPatch): Promise<Campaign> {
    this.checkMedia(actor, patch.media);
    return this.db.tenant(actor.tenantId, async (tx) => {
      const found = await await404(this.repo.find(tx, actor.tenantId, id, { forUpdate: true }));
      if (found.status !== 'draft' && found.status !== 'scheduled') throw ApiError.conflict('Only a campaign not started yet can be changed.').withCode('campaign.not_editable');
      await this.repo.update(tx, actor.tenantId, id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.audience !== undefined ? { audience: patch.audience } : {}),
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...(patch.media !== undefined ? { mediaPath: patch.media?.path ?? null, mediaFileName: patch.media?.fileName ?? null } : {}),
        ...(patch.whatsappTemplate !== undefined ? { whatsappTemplate: patch.whatsappTemplate ?? null } : {}),
        ...(patch.scheduledAt !== undefined ? { scheduledAt: patch.scheduledAt ? new Date(patch.scheduledAt) : null } : {}),
        updatedAt: this.clock.now(),
      });
      return this.dto(tx, actor.tenantId, (await this.repo.find(tx, actor.tenantId, id))!);
    });
  }

  async delete(actor: TenantActor, id: string): Promise<{ message: string }> {
    const gone = await this.db.tenant(actor.tenantId, async (tx) => {
      const found = await await404(this.repo.find(tx, actor.tenantId, id));
      if (found.status !== 'draft') throw ApiError.conflict('Only a draft can be deleted; cancel a started campaign instead.').withCode('campaign.not_editable');
      return this.repo.delete(tx, actor.tenantId, id);
    });
    if (!gone) throw notFound();
    return { message: 'Campaign deleted.' };
  }

  /** The audience's live count and a few real recipients, with the message filled in for the first. */
  async previewAudience(actor: TenantActor, input: AudiencePreviewInput): Promise<AudiencePreview> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const { timeZone } = await this.settings.current(tx, actor.tenantId);
      const [count, sample] = [
        await this.audiences.count(tx, actor.tenantId, input.audience, timeZone),
        await this.audiences.sample(tx, actor.tenantId, input.audience, timeZone, CAMPAIGN_SAMPLE_SIZE),
      ];
      const first = sample[0];
      return {
        count,
        sample: sample.map((m) => ({ _id: m.id, name: m.name, phone: m.phone, agent: m.agent, optedOut: m.optedOut })),
        preview: first && input.message ? renderCampaignMessage(input.message, { name: first.name, agent: first.agent }) : null,
      };
    });
  }

  /** Starts now, or schedules for its time when that is still to come. */
  async start(actor: TenantActor, id: string): Promise<Campaign> {
    const campaign = await this.db.tenant(actor.tenantId, async (tx) => {
      const found = await await404(this.repo.find(tx, actor.tenantId, id, { forUpdate: true }));
      if (found.status !== 'draft' && found.status !== 'scheduled') throw ApiError.conflict('This campaign has already started.').withCode('campaign.cannot_start');
      if (!found.message.trim() && !found.mediaPath) throw ApiError.badRequest('Write the message or attach a file first.', 'message').withCode('campaign.message_required');
      const now = this.clock.now();
      if (found.scheduledAt && found.scheduledAt > now) await this.repo.update(tx, actor.tenantId, id, { status: 'scheduled', updatedAt: now });
      else await this.starter.startInTx(tx, actor.tenantId, found, now);
      return this.dto(tx, actor.tenantId, (await this.repo.find(tx, actor.tenantId, id))!);
    });
    await this.progress.push(actor.tenantId, [id]);
    this.sender.kick(actor.tenantId);
    return campaign;
  }

  async pause(actor: TenantActor, id: string): Promise<Campaign> {
    return this.move(actor, id, ['running', 'scheduled'], { status: 'paused', pausedReason: 'manual' }, 'campaign.cannot_pause', 'Only a running campaign can be paused.');
  }

  async resume(actor: TenantActor, id: string): Promise<Campaign> {
    const campaign = await this.move(actor, id, ['paused'], { status: 'running', pausedReason: null }, 'campaign.cannot_resume', 'Only a paused campaign can be resumed.');
    this.sender.kick(actor.tenantId);
    return campaign;
  }

  /** Stops for good: what was not sent yet is skipped as cancelled (a message being sent right now still finishes). */
  async cancel(actor: TenantActor, id: string): Promise<Campaign> {
    const now = this.clock.now();
    const campaign = await this.db.tenant(actor.tenantId, async (tx) => {
      const found = await await404(this.repo.find(tx, actor.tenantId, id, { forUpdate: true }));
      if (!['draft', 'scheduled', 'running', 'paused'].includes(found.status)) throw ApiError.conflict('This campaign has already ended.').withCode('campaign.cannot_cancel');
      await this.repo.update(tx, actor.tenantId, id, { status: 'cancelled', finishedAt: now, updatedAt: now });
      await this.repo.skipAllPending(tx, actor.tenantId, id, now);
      return this.dto(tx, actor.tenantId, (await this.repo.find(tx, actor.tenantId, id))!);
    });
    await this.progress.push(actor.tenantId, [id]);
    return campaign;
  }

  async recipients(actor: TenantActor, id: string, query: CampaignRecipientsQuery): Promise<ListResult<CampaignRecipient>> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      await await404(this.repo.find(tx, actor.tenantId, id));
      const { items, total } = await this.repo.recipients(tx, actor.tenantId, id, { status: query.status, offset: (query.page - 1) * query.limit, limit: query.limit });
      return { items: items.map(toRecipientDto), total };
    });
  }

  private async move(actor: TenantActor, id: string, from: string[], patch: { status: string; pausedReason: string | null }, code: 'campaign.cannot_pause' | 'campaign.cannot_resume', text: string) {
    const campaign = await this.db.tenant(actor.tenantId, async (tx) => {
      await await404(this.repo.find(tx, actor.tenantId, id));
      const moved = await this.repo.update(tx, actor.tenantId, id, { ...patch, updatedAt: this.clock.now() }, from);
      if (!moved) throw ApiError.conflict(text).withCode(code);
      return this.dto(tx, actor.tenantId, (await this.repo.find(tx, actor.tenantId, id))!);
    });
    await this.progress.push(actor.tenantId, [id]);
    return campaign;
  }

  private checkMedia(actor: TenantActor, media: CampaignInput['media']) {
    if (media && !keyBelongsToTenant(media.path, actor.tenantId)) throw ApiError.badRequest('The uploaded file was not found. Upload it again.', 'media.path').withCode('message.upload_missing');
  }

  private async dto(tx: TenantTx, tenantId: string, row: CampaignRecord): Promise<Campaign> {
    const counts = await this.repo.counts(tx, tenantId, [row.id]);
    return toCampaignDto(row, counts.get(row.id)!);
  }
}

async function await404<T>(found: Promise<T | undefined>): Promise<T> {
  const row = await found;
  if (!row) throw notFound();
  return row;
}
