import type { Campaign, CampaignRecipient, WhatsAppTemplate } from '@crm/common';
import { testId } from '../../test/fake-crm-api';

/** A campaign as the server answers it (component tests). */
export function campaignFixture(patch: Partial<Campaign> = {}): Campaign {
  return {
    _id: testId(),
    name: 'Eid offer',
    status: 'running',
    audience: { stage: 'lead', labelMatch: 'any' },
    message: 'Hi {name}, 20% off this week.',
    media: null,
    whatsappTemplate: null,
    scheduledAt: null,
    startedAt: '2026-11-20T09:00:00.000Z',
    finishedAt: null,
    pausedReason: null,
    createdBy: { _id: testId(), name: 'Admin' },
    createdAt: '2026-11-20T08:00:00.000Z',
    counts: { total: 10, pending: 6, sent: 1, delivered: 1, read: 1, replied: 1, failed: 0, skipped: 0 },
    ...patch,
  };
}

export function recipientFixture(patch: Partial<CampaignRecipient> = {}): CampaignRecipient {
  return {
    _id: testId(),
    contactId: testId(),
    name: 'Salma',
    phone: '+201001234567',
    status: 'sent',
    reason: null,
    sentAt: '2026-11-20T09:01:00.000Z',
    updatedAt: '2026-11-20T09:01:00.000Z',
    ...patch,
  };
}

/** An approved WhatsApp template of a company on the official API, with two body values. */
export function approvedTemplateFixture(patch: Partial<WhatsAppTemplate> = {}): WhatsAppTemplate {
  return {
    _id: testId(),
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Hello {{1}}, your code {{2}} is ready.',
    bodyParamCount: 2,
    syncedAt: '2026-11-20T08:00:00.000Z',
    ...patch,
  };
}
