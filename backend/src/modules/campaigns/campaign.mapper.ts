import type { Campaign, CampaignCounts, CampaignPauseReason, CampaignRecipient, CampaignStatus, RecipientStatus } from '@crm/common';
import type { CampaignRecord, RecipientRecord } from './campaigns.repository.js';

export function toCampaignDto(row: CampaignRecord, counts: CampaignCounts): Campaign {
  return {
    _id: row.id,
    name: row.name,
    status: row.status as CampaignStatus,
    audience: row.audience,
    message: row.message,
    media: row.mediaPath ? { path: row.mediaPath, fileName: row.mediaFileName } : null,
    whatsappTemplate: row.whatsappTemplate ?? null,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    pausedReason: (row.pausedReason as CampaignPauseReason | null) ?? null,
    createdBy: row.createdBy ? { _id: row.createdBy, name: row.creatorName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    counts,
  };
}

export function toRecipientDto(r: RecipientRecord): CampaignRecipient {
  return {
    _id: r.id,
    contactId: r.contactId,
    name: r.name,
    phone: r.phone,
    // being sent right now reads as still to go
    status: (r.status === 'sending' ? 'pending' : r.status) as RecipientStatus,
    reason: r.reason,
    sentAt: r.sentAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}
