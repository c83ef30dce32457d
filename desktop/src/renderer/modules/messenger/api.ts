import type {
  Chat,
  ChatPage,
  ChatsQuery,
  CreateNoteRequest,
  HandOverRequest,
  HandOverResult,
  MediaUrl,
  Message,
  MessagePage,
  MessageSearchPage,
  QueryParams,
  SendMessageRequest,
  TenantSettings,
  UploadResult,
  UserSummary,
  WhatsAppTemplatePage,
} from '@crm/common';
import { api } from '../../lib/api';

/** The messenger's conversations: a page at a time, newest first, searched on the server. */
export const chatsApi = {
  list: (query: QueryParams<ChatsQuery>, signal?: AbortSignal) =>
    api.get<ChatPage>('/chats', {
      query: { q: query.q, cursor: query.cursor, limit: query.limit, labels: query.labels ? query.labels.join(',') : undefined, labelMatch: query.labels ? query.labelMatch : undefined },
      signal,
    }),
  get: (contactId: string) => api.get<Chat>(`/chats/${encodeURIComponent(contactId)}`),
  markRead: (contactId: string) => api.post<Chat>(`/chats/${encodeURIComponent(contactId)}/read`),
};

/** A conversation's messages. */
export const messagesApi = {
  page: (contactId: string, before?: string | null, limit?: number) => api.get<MessagePage>('/messages', { query: { contactId, before, limit } }),
  /** The page holding `messageId` with older and newer ones around it (a search result opened). */
  around: (contactId: string, messageId: string, limit?: number) => api.get<MessagePage>('/messages', { query: { contactId, around: messageId, limit } }),
  /** Newer than `after` (`newerCursor` of a page opened around a message). */
  newer: (contactId: string, after: string, limit?: number) => api.get<MessagePage>('/messages', { query: { contactId, after, limit } }),
  /** Every chat's messages holding the words of `q`, newest first, a page at a time. */
  search: (q: string, cursor: string | null, signal?: AbortSignal) => api.get<MessageSearchPage>('/messages/search', { query: { q, cursor }, signal }),
  send: (input: SendMessageRequest) => api.post<Message>('/messages', input),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<UploadResult>('/messages/upload', form);
  },
  /** `confirmDuplicate` is required to resend a message whose delivery is unknown (it may arrive twice). */
  retry: (id: string, options: { confirmDuplicate?: boolean } = {}) =>
    api.post<Message>(`/messages/${encodeURIComponent(id)}/retry`, options.confirmDuplicate ? { confirmDuplicate: true } : undefined),
  remove: (id: string, forEveryone: boolean) => api.patch<Message>(`/messages/${encodeURIComponent(id)}/delete`, { forEveryone }),
  mediaUrl: (id: string) => api.get<MediaUrl>(`/messages/${encodeURIComponent(id)}/media-url`),
};

/** The company's WhatsApp templates (official API), for the composer once the 24-hour window closed. */
export const whatsAppTemplatesApi = {
  approved: (signal?: AbortSignal) => api.get<WhatsAppTemplatePage>('/whatsapp/cloud/templates', { query: { status: 'APPROVED', limit: 200 }, signal }),
};

/** The team's private notes in a chat, and handing a chat over (chat header). */
export const notesApi = {
  create: (input: CreateNoteRequest) => api.post<Message>('/messages/notes', input),
  handOver: (contactId: string, input: HandOverRequest) => api.post<HandOverResult>(`/contacts/${encodeURIComponent(contactId)}/hand-over`, input),
  /** The company's users: mention autocomplete and hand-over targets. */
  colleagues: (signal?: AbortSignal) => api.get<UserSummary[]>('/auth/users', { signal }),
  /** Whether the company lets sales users hand their own chats over. */
  settings: () => api.get<{ settings: TenantSettings }>('/auth/tenant/settings'),
};
