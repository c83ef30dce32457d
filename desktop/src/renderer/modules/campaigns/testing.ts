import type { Campaign, CampaignAudience, CampaignRecipient, WhatsAppTemplate } from '@crm/common';
import { adminUser, ok } from '../../test/fake-api';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';

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
    header: null,
    buttons: [],
    syncedAt: '2026-11-20T08:00:00.000Z',
    ...patch,
  };
}

const abaya = { _id: testId(), name: 'Black abaya', sku: 'ABA-01', category: null, price: 950, stockQty: 4, minQty: 0, notes: null, updatedAt: '' };
const sara = { ...adminUser, _id: testId(), name: 'Sara Sales', role: 'sales' as const };
/** Settings → Sending of a company in Dubai that sends from 10:00 to 20:00. */
const sending = {
  dailyCap: 200,
  minIntervalSeconds: 20,
  maxIntervalSeconds: 60,
  sendingHours: { from: '10:00', to: '20:00' },
  timeZone: 'Asia/Dubai',
  warmUp: { enabled: false, startCap: 20, dailyIncrease: 10, startedOn: null },
  failureThreshold: 5,
  failureWindow: 10,
  optOutKeywords: ['STOP'],
  today: { limit: 200, sent: 0 },
};

/** The wizard's server: the count follows the product and assignee filters as the leads list's would. */
export function wizardServer(language: 'en' | 'ar' = 'en') {
  const created = campaignFixture({ status: 'scheduled' });
  const admin = { ...adminUser, language, arabicDigits: false };
  const api = fakeCrmApi(admin, {
    'GET /api/campaigns': () => ok({ items: [], total: 0 }),
    'GET /api/labels': () => ok({ items: [], total: 0 }),
    'GET /api/auth/users': () => ok([sara]),
    'GET /api/products': () => ok({ items: [abaya], total: 1 }),
    'GET /api/settings/sending': () => ok(sending),
    'POST /api/campaigns/audience': (r) => {
      const { audience } = r.body as { audience: CampaignAudience };
      const count = audience.productId ? (audience.assignedTo === 'unassigned' ? 3 : 7) : 42;
      return ok({ count, sample: [], preview: null });
    },
    'POST /api/campaigns': () => ok(created),
    [`POST /api/campaigns/${created._id}/start`]: () => ok(created),
    [`GET /api/campaigns/${created._id}`]: () => ok(created),
    [`GET /api/campaigns/${created._id}/recipients`]: () => ok({ items: [], total: 0 }),
  });
  return { ...api, created, abaya };
}
