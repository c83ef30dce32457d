import type { Chat, ChatPage, ChatsQuery, MediaUrl, Message, MessagePage, QueryParams, SendMessageRequest, UploadResult } from '@crm/common';
import { api } from '../../lib/api';

/** The messenger's conversations: a page at a time, newest first, searched on the server. */
export const chatsApi = {
  list: (query: QueryParams<ChatsQuery>, signal?: AbortSignal) =>
    api.get<ChatPage>('/chats', { query: { q: query.q, cursor: query.cursor, limit: query.limit }, signal }),
  get: (contactId: string) => api.get<Chat>(`/chats/${encodeURIComponent(contactId)}`),
  markRead: (contactId: string) => api.post<Chat>(`/chats/${encodeURIComponent(contactId)}/read`),
};

/** A conversation's messages (spec/core.md §7 plus paging, retry and signed media links). */
export const messagesApi = {
  page: (contactId: string, before?: string | null, limit?: number) =>
    api.get<MessagePage>('/messages', { query: { contactId, before, limit } }),
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
