import type { WhatsAppCloudConnection, WhatsAppCloudSettingsRequest, WhatsAppTemplatePage, WhatsAppTemplateSyncResult } from '@crm/common';
import { api } from '../../lib/api';

/** The company's official WhatsApp Cloud API connection (admins only; the secrets are never answered). */
export const whatsAppCloudApi = {
  get: () => api.get<WhatsAppCloudConnection>('/whatsapp/cloud'),
  save: (body: WhatsAppCloudSettingsRequest) => api.put<WhatsAppCloudConnection>('/whatsapp/cloud', body),
  test: () => api.post<WhatsAppCloudConnection>('/whatsapp/cloud/test'),
  remove: () => api.delete<{ deleted: boolean }>('/whatsapp/cloud'),
};

/** The company's WhatsApp templates (official API): every status, and "Sync templates" (admins). */
export const whatsAppTemplatesApi = {
  all: (signal?: AbortSignal) => api.get<WhatsAppTemplatePage>('/whatsapp/cloud/templates', { query: { status: 'all', limit: 200 }, signal }),
  sync: () => api.post<WhatsAppTemplateSyncResult>('/whatsapp/cloud/templates/sync'),
};
