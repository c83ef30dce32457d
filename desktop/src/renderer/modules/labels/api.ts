import type { BulkContactLabelsInput, Label, LabelInput, LabelPatch, LabelReport, ListResult, QueryParams, ReportQuery } from '@crm/common';
import { api } from '../../lib/api';

/** The company's labels, the labels on contacts, and the report by label. */
export const labelsApi = {
  list: () => api.get<ListResult<Label>>('/labels'),
  create: (input: LabelInput) => api.post<Label>('/labels', input),
  update: (id: string, patch: LabelPatch) => api.patch<Label>(`/labels/${encodeURIComponent(id)}`, patch),
  remove: (id: string) => api.delete<{ message: string }>(`/labels/${encodeURIComponent(id)}`),
  /** One contact's labels (the picker of the chat header and the profile). */
  ofContact: (contactId: string, signal?: AbortSignal) => api.get<Label[]>(`/contacts/${encodeURIComponent(contactId)}/labels`, { signal }),
  /** Makes the contact's labels exactly these. */
  setOnContact: (contactId: string, labelIds: string[]) => api.put<Label[]>(`/contacts/${encodeURIComponent(contactId)}/labels`, { labelIds }),
  /** Adds and/or removes labels on many contacts (the leads list's bulk action). */
  bulk: (input: BulkContactLabelsInput) => api.post<{ updated: number }>('/contacts/labels/bulk', input),
  report: (query: QueryParams<ReportQuery>, signal?: AbortSignal) => api.get<LabelReport>('/reports/labels', { query, signal }),
};
