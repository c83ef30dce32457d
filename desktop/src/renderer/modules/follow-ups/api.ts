import type { FollowUpRun, FollowUpTemplate, FollowUpTemplateInput, ListResult } from '@crm/common';
import { api } from '../../lib/api';

/** spec/admin.md §7 (templates) and spec/core.md §7 (start); stop and the run log complete them. */
export const followUpsApi = {
  templates: () => api.get<ListResult<FollowUpTemplate>>('/follow-up-templates'),
  createTemplate: (input: FollowUpTemplateInput) => api.post<FollowUpTemplate>('/follow-up-templates', input),
  updateTemplate: (id: string, input: FollowUpTemplateInput) => api.put<FollowUpTemplate>(`/follow-up-templates/${id}`, input),
  deleteTemplate: (id: string) => api.delete<{ message: string }>(`/follow-up-templates/${id}`),
  start: (contactId: string, templateId: string) => api.post<FollowUpRun>(`/contacts/${contactId}/follow-up/start`, { templateId }),
  stop: (contactId: string) => api.post<FollowUpRun>(`/contacts/${contactId}/follow-up/stop`),
  runs: (contactId: string) => api.get<ListResult<FollowUpRun>>(`/contacts/${contactId}/follow-ups`),
};
