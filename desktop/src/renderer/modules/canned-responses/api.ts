import type { CannedResponse, CannedResponseInput, ListResult } from '@crm/common';
import { api } from '../../lib/api';

/** Canned responses. */
export const cannedResponsesApi = {
  list: () => api.get<ListResult<CannedResponse>>('/canned-responses'),
  create: (input: CannedResponseInput) => api.post<CannedResponse>('/canned-responses', input),
  update: (id: string, input: CannedResponseInput) => api.patch<CannedResponse>(`/canned-responses/${encodeURIComponent(id)}`, input),
  remove: (id: string) => api.delete<{ message: string }>(`/canned-responses/${encodeURIComponent(id)}`),
};
