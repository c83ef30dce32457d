import type { CreateScheduledMessageRequest, ListResult, ScheduledMessage, UpdateScheduledMessageRequest } from '@crm/common';
import { api } from '../../../lib/api';

export type ScheduledPage = ListResult<ScheduledMessage> & { timeZone: string };

/** "Send later": a chat's scheduled messages. */
export const scheduledMessagesApi = {
  list: (contactId: string) => api.get<ScheduledPage>('/scheduled-messages', { query: { contactId, limit: 100 } }),
  create: (input: CreateScheduledMessageRequest) => api.post<ScheduledMessage>('/scheduled-messages', input),
  update: (id: string, input: UpdateScheduledMessageRequest) => api.patch<ScheduledMessage>(`/scheduled-messages/${encodeURIComponent(id)}`, input),
  cancel: (id: string) => api.delete<ScheduledMessage>(`/scheduled-messages/${encodeURIComponent(id)}`),
};
