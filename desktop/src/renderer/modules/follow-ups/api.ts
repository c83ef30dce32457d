import type { FollowUpRun, FollowUpTemplate, FollowUpTemplateInput, ListResult, WhatsAppTemplatePage } from '@crm/common';
import { api } from '../../lib/api';

/** Follow-up templates, starting a sequence on a contact, stopping it and its run log. */
export const followUpsApi = {
  templates: () => api.get<ListResult<FollowUpTemplate>>('/follow-up-templates'),
  createTemplate: (input: FollowUpTemplateInput) => api.post<FollowUpTemplate>('/follow-up-templates', input),
  updateTemplate: (id: string, input: FollowUpTemplateInput) => api.put<FollowUpTemplate>(`/follow-up-templates/${id}`, input),
  deleteTemplate: (id: string) => api.delete<{ message: string }>(`/follow-up-templates/${id}`),
  start: (contactId: string, templateId: string) => api.post<FollowUpRun>(`/contacts/${contactId}/follow-up/start`, { templateId }),
  stop: (contactId: string) => api.post<FollowUpRun>(`/contacts/${contactId}/follow-up/stop`),
  runs: (contactId: string) => api.get<ListResult<FollowUpRun>>(`/contacts/${contactId}/follow-ups`),
  /** The company's approved WhatsApp templates (official API; none on a QR company). */
  whatsAppTemplates: () => api.get<WhatsAppTemplatePage>('/whatsapp/cloud/templates', { query: { status: 'APPROVED', limit: 200 } }),
};
