import { Controller, Delete, Get, HttpCode, Patch, Post, StreamableFile } from '@nestjs/common';
import {
  audiencePreviewInputSchema,
  audiencePreviewSchema,
  campaignInputSchema,
  campaignListQuerySchema,
  campaignPatchSchema,
  campaignRecipientSchema,
  campaignRecipientsQuerySchema,
  campaignSchema,
  idParamSchema,
  messageResultSchema,
  type AudiencePreviewInput,
  type CampaignInput,
  type CampaignListQuery,
  type CampaignPatch,
  type CampaignRecipientsQuery,
} from '@crm/common';
import { z } from 'zod';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { CampaignReport } from './campaign-report.js';
import { CampaignsService } from './campaigns.service.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type IdParams = { id: string };

/** Campaigns: one message to many contacts, paced (admins). */
@Controller('campaigns')
@RequirePermission('campaigns.manage')
export class CampaignsController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly report: CampaignReport,
  ) {}

  @Get()
  @ApiDoc({ summary: "The company's campaigns, newest first, with their counts", response: z.object({ items: z.array(campaignSchema), total: z.number() }) })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(campaignListQuerySchema) query: CampaignListQuery) {
    return this.campaigns.list(actor, query);
  }

  @Post('audience')
  @HttpCode(200)
  @ApiDoc({ summary: "An audience's live count (the leads list's count for the same filter), a sample, and the message filled in for the first", response: audiencePreviewSchema })
  audience(@CurrentUser() actor: TenantActor, @ValidBody(audiencePreviewInputSchema) body: AudiencePreviewInput) {
    return this.campaigns.previewAudience(actor, body);
  }

  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'Saves a draft campaign', response: campaignSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(campaignInputSchema) body: CampaignInput) {
    return this.campaigns.create(actor, body);
  }

  @Get(':id')
  @ApiDoc({ summary: 'A campaign with its counts', response: campaignSchema })
  get(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    return this.campaigns.get(actor, params.id);
  }

  @Patch(':id')
  @ApiDoc({ summary: 'Changes a campaign not started yet', response: campaignSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams, @ValidBody(campaignPatchSchema) body: CampaignPatch) {
    return this.campaigns.update(actor, params.id, body);
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Deletes a draft', response: messageResultSchema })
  delete(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    return this.campaigns.delete(actor, params.id);
  }

  @Post(':id/start')
  @HttpCode(200)
  @ApiDoc({ summary: 'Starts now (its recipients are fixed at that moment), or at its scheduled time', response: campaignSchema })
  start(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    return this.campaigns.start(actor, params.id);
  }

  @Post(':id/pause')
  @HttpCode(200)
  @ApiDoc({ summary: 'Pauses a running campaign', response: campaignSchema })
  pause(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    return this.campaigns.pause(actor, params.id);
  }

  @Post(':id/resume')
  @HttpCode(200)
  @ApiDoc({ summary: 'Resumes a paused campaign', response: campaignSchema })
  resume(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    return this.campaigns.resume(actor, params.id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiDoc({ summary: 'Cancels it: recipients not sent yet are skipped', response: campaignSchema })
  cancel(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    return this.campaigns.cancel(actor, params.id);
  }

  @Get(':id/recipients')
  @ApiDoc({ summary: 'The recipients in send order, paged, optionally of one status', response: z.object({ items: z.array(campaignRecipientSchema), total: z.number() }) })
  recipients(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams, @ValidQuery(campaignRecipientsQuerySchema) query: CampaignRecipientsQuery) {
    return this.campaigns.recipients(actor, params.id, query);
  }

  @Get(':id/export')
  @ApiDoc({ summary: 'The campaign report (sent / delivered / read / replied rates, and every recipient) as campaign_{YYYY-MM-DD}.xlsx', binary: XLSX_MIME })
  async export(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: IdParams) {
    const file = await this.report.export(actor, params.id);
    return new StreamableFile(file.content, { type: XLSX_MIME, disposition: `attachment; filename="${file.filename}"`, length: file.content.length });
  }
}
