import type {
  AudiencePreview,
  AudiencePreviewInput,
  Campaign,
  CampaignInput,
  CampaignRecipient,
  ListResult,
  OptOut,
  RecipientStatus,
  SendingSettings,
  SendingSettingsInput,
  WhatsAppTemplatePage,
} from '@crm/common';
import { api } from '../../lib/api';

export type SendingSettingsView = SendingSettings & { today: { limit: number; sent: number } };

const id = (value: string) => encodeURIComponent(value);

/** Campaigns, Settings → Sending and a contact's opt-out. */
export const campaignsApi = {
  list: (page: number, signal?: AbortSignal) => api.get<ListResult<Campaign>>('/campaigns', { query: { page, limit: 20 }, signal }),
  get: (campaignId: string, signal?: AbortSignal) => api.get<Campaign>(`/campaigns/${id(campaignId)}`, { signal }),
  audience: (input: AudiencePreviewInput, signal?: AbortSignal) => api.post<AudiencePreview>('/campaigns/audience', input, { signal }),
  create: (input: CampaignInput) => api.post<Campaign>('/campaigns', input),
  start: (campaignId: string) => api.post<Campaign>(`/campaigns/${id(campaignId)}/start`),
  pause: (campaignId: string) => api.post<Campaign>(`/campaigns/${id(campaignId)}/pause`),
  resume: (campaignId: string) => api.post<Campaign>(`/campaigns/${id(campaignId)}/resume`),
  cancel: (campaignId: string) => api.post<Campaign>(`/campaigns/${id(campaignId)}/cancel`),
  recipients: (campaignId: string, page: number, status: RecipientStatus | null, signal?: AbortSignal) =>
    api.get<ListResult<CampaignRecipient>>(`/campaigns/${id(campaignId)}/recipients`, { query: { page, limit: 50, status: status ?? undefined }, signal }),
  export: (campaignId: string) => api.download(`/campaigns/${id(campaignId)}/export`),
  settings: (signal?: AbortSignal) => api.get<SendingSettingsView>('/settings/sending', { signal }),
  saveSettings: (input: SendingSettingsInput) => api.put<SendingSettingsView>('/settings/sending', input),
  optOut: (contactId: string, signal?: AbortSignal) => api.get<OptOut>(`/contacts/${id(contactId)}/opt-out`, { signal }),
  /** The company's approved WhatsApp templates (official API only; refused otherwise). */
  whatsAppTemplates: () => api.get<WhatsAppTemplatePage>('/whatsapp/cloud/templates', { query: { status: 'APPROVED', limit: 200 } }),
  undoOptOut: (contactId: string) => api.delete<OptOut>(`/contacts/${id(contactId)}/opt-out`),
};
