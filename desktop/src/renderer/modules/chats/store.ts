import type { Chat, Message, MessageType, UploadResult } from '@crm/common';
import { create } from 'zustand';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { chatsApi, messagesApi } from './api';
import { useAuthStore } from '../auth/store';
import { currentUserCan } from '../auth/use-can';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Conversations a page at a time; the list is virtualised, so a page can be generous. */
export const CHAT_LIST_PAGE_SIZE = 100;
export const MESSAGES_PAGE = 50;


export interface ChatListState {
  /** Newest conversation first, the pages loaded so far. */
  items: Chat[];
  total: number;
  nextCursor: string | null;
  /** The server-side search the items answer. */
  query: string;
  status: LoadStatus;
  error: string | null;
  loadingMore: boolean;
}

export interface Conversation {
  /** Oldest first (newest last), the pages loaded so far plus messages that arrived since. */
  items: Message[];
  total: number;
  hasMore: boolean;
  nextCursor: string | null;
  status: LoadStatus;
  error: string | null;
  loadingOlder: boolean;
}

export interface OutgoingDraft {
  body?: string;
  /** The uploaded file (POST /messages/upload) when sending media or a voice note. */
  upload?: UploadResult;
  type?: MessageType;
}

/** Why a send failed, as the spec writes it: 'Failed to send message: {server error or message}'. */
export class SendFailure extends Error {
  constructor(readonly reason: string) {
    super(i18n.t('messenger:sendFailed', { reason }));
  }
}

interface ChatState {
  list: ChatListState;
  /** Summaries of conversations shown in a panel (header, follow-up state), by contact id. */
  summaries: Record<string, Chat | undefined>;
  summaryErrors: Record<string, string | undefined>;
  conversations: Record<string, Conversation | undefined>;

  loadChats: (query: string) => Promise<void>;
  loadMoreChats: () => Promise<void>;
  /** Realtime (`msg:new`'s chat, `chat:update`) or an answer: replace, re-order, insert. */
  applyChats: (chats: Chat[]) => void;
  loadSummary: (contactId: string) => Promise<void>;
  markRead: (contactId: string) => Promise<void>;

  loadConversation: (contactId: string) => Promise<void>;
  loadOlder: (contactId: string) => Promise<void>;
  /** Optimistic send: a pending copy at once, replaced by the server's copy. Throws SendFailure. */
  send: (contactId: string, draft: OutgoingDraft, author?: { id: string | null; name: string | null }) => Promise<Message>;
  /** `confirmDuplicate`: the user accepted that a message whose delivery is unknown may arrive twice. */
  retry: (message: Message, options?: { confirmDuplicate?: boolean }) => Promise<void>;
  deleteMessage: (message: Message, forEveryone: boolean) => Promise<void>;
  /** Realtime `msg:new` ('new') or `msg:update` ('update'), or a call's answer. */
  applyMessage: (message: Message, kind: 'new' | 'update') => void;
}

const emptyList: ChatListState = { items: [], total: 0, nextCursor: null, query: '', status: 'idle', error: null, loadingMore: false };
const emptyConversation: Conversation = { items: [], total: 0, hasMore: false, nextCursor: null, status: 'idle', error: null, loadingOlder: false };

/** Server order: last message newest first, conversations without messages last, then id descending. */
export function compareChats(a: Chat, b: Chat): number {
  if (a.lastMessageAt !== b.lastMessageAt) {
    if (a.lastMessageAt === null) return 1;
    if (b.lastMessageAt === null) return -1;
    const diff = Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt);
    if (diff !== 0) return diff;
  }
  return a._id < b._id ? 1 : a._id > b._id ? -1 : 0;
}

function sortedIndex<T>(items: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(items[mid]!, item) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Replaces, re-orders and inserts `updates` in the loaded window of the list. With a search on,
 * only conversations already listed are touched (the server decides what matches). A conversation
 * that sorts after the last loaded one, while more pages remain, is left for the paging to bring.
 */
/**
 * Applies conversation updates to the loaded list. `visible` says whether this user still sees a
 * chat: a sales rep whose contact was given to someone else gets the update once, and drops it.
 */
export function mergeChats(list: ChatListState, updates: Chat[], visible: (chat: Chat) => boolean = () => true): ChatListState {
  if (updates.length === 0) return list;
  const byId = new Map(updates.map((chat) => [chat._id, chat]));
  const present = new Set<string>();
  const items = list.items.filter((chat) => {
    if (!byId.has(chat._id)) return true;
    present.add(chat._id);
    return false;
  });
  let total = list.total;
  for (const chat of byId.values()) {
    if (!visible(chat)) {
      if (present.has(chat._id)) total = Math.max(0, total - 1);
      continue;
    }
    if (list.query && !present.has(chat._id)) continue;
    const last = items.at(-1);
    if (list.nextCursor && last && compareChats(chat, last) > 0) continue;
    items.splice(sortedIndex(items, chat, compareChats), 0, chat);
    if (!present.has(chat._id) && !list.nextCursor) total += 1;
  }
  return { ...list, items, total };
}

/** Admins see every conversation; a sales rep only those assigned to them. */
function visibleToSignedInUser(chat: Chat): boolean {
  const user = useAuthStore.getState().user;
  return !user || currentUserCan('contacts.all') || chat.assignedTo?._id === user._id;
}

const messageKey = (message: Message): string => message.clientId ?? message._id;
const isLocal = (message: Message): boolean => message._id.startsWith('local:');
const statusRank = (status: Message['status']): number => (status === 'pending' ? 0 : 1);

/**
 * The newer of two copies of a message. Events and answers travel on two channels (socket and
 * HTTP), so a late copy must not undo progress: a sent message never goes back to pending (only a
 * failed or unknown one does, on retry), acks only go up, a deletion sticks.
 */
export function mergeMessage(current: Message, incoming: Message): Message {
  const regress = statusRank(incoming.status) < statusRank(current.status) && current.status !== 'failed' && current.status !== 'unknown';
  const base = regress ? { ...incoming, status: current.status, error: current.error, retryable: current.retryable } : incoming;
  return {
    ...base,
    ack: base.status === 'pending' ? incoming.ack : Math.max(current.ack, incoming.ack),
    deleted: current.deleted || incoming.deleted,
    deletedByContact: current.deletedByContact || incoming.deletedByContact,
    meta: incoming.meta ?? current.meta,
  };
}

function findMessage(items: Message[], message: Message): number {
  const byId = items.findIndex((m) => m._id === message._id);
  if (byId >= 0 || !message.clientId) return byId;
  return items.findIndex((m) => m.clientId === message.clientId);
}

const byCreatedAt = (a: Message, b: Message) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/** Applies one message to a conversation: replace (by id or the pending copy's clientId), append, or remove when hidden. */
export function mergeIntoConversation(conversation: Conversation, message: Message, kind: 'new' | 'update'): Conversation {
  const index = findMessage(conversation.items, message);
  if (message.hidden) {
    if (index < 0) return conversation;
    const items = conversation.items.slice();
    items.splice(index, 1);
    return { ...conversation, items, total: Math.max(0, conversation.total - 1) };
  }
  if (index >= 0) {
    const items = conversation.items.slice();
    items[index] = isLocal(items[index]!) ? { ...message } : mergeMessage(items[index]!, message);
    return { ...conversation, items };
  }
  if (kind !== 'new') return conversation;
  const items = conversation.items.slice();
  items.splice(sortedIndex(items, message, byCreatedAt), 0, message);
  return { ...conversation, items, total: conversation.total + 1 };
}

let listRequest = 0;
let listAbort: AbortController | null = null;

const newClientId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export const useChatStore = create<ChatState>()((set, get) => {
  const patchConversation = (contactId: string, patch: (c: Conversation) => Conversation) =>
    set((state) => ({ conversations: { ...state.conversations, [contactId]: patch(state.conversations[contactId] ?? emptyConversation) } }));

  return {
    list: emptyList,
    summaries: {},
    summaryErrors: {},
    conversations: {},

    loadChats: async (query) => {
      const request = ++listRequest;
      listAbort?.abort();
      const abort = new AbortController();
      listAbort = abort;
      set((state) => ({ list: { ...state.list, query, status: 'loading', error: null, loadingMore: false } }));
      try {
        const page = await chatsApi.list({ q: query || undefined, limit: CHAT_LIST_PAGE_SIZE }, abort.signal);
        if (request !== listRequest) return;
        set({ list: { items: page.items, total: page.total, nextCursor: page.nextCursor, query, status: 'ready', error: null, loadingMore: false } });
      } catch (error) {
        if (request !== listRequest || (error instanceof DOMException && error.name === 'AbortError')) return;
        set({ list: { ...emptyList, query, status: 'error', error: errorMessage(error, 'messenger:chatsFailed', { list: true }) } });
      }
    },

    loadMoreChats: async () => {
      const { list } = get();
      if (!list.nextCursor || list.loadingMore || list.status !== 'ready') return;
      const request = listRequest;
      set({ list: { ...list, loadingMore: true } });
      try {
        const page = await chatsApi.list({ q: list.query || undefined, cursor: list.nextCursor, limit: CHAT_LIST_PAGE_SIZE });
        if (request !== listRequest) return;
        set((state) => {
          // A conversation may have moved up into the loaded window (realtime) since: keep one copy.
          const seen = new Set(state.list.items.map((chat) => chat._id));
          const fresh = page.items.filter((chat) => !seen.has(chat._id));
          return { list: { ...state.list, items: state.list.items.concat(fresh), total: page.total, nextCursor: page.nextCursor, loadingMore: false } };
        });
      } catch (error) {
        if (request !== listRequest) return;
        set((state) => ({ list: { ...state.list, loadingMore: false, error: errorMessage(error, 'messenger:chatsFailed', { list: true }) } }));
      }
    },

    applyChats: (chats) => {
      if (chats.length === 0) return;
      set((state) => {
        const summaries = { ...state.summaries };
        for (const chat of chats) if (summaries[chat._id]) summaries[chat._id] = chat;
        return { list: state.list.status === 'ready' ? mergeChats(state.list, chats, visibleToSignedInUser) : state.list, summaries };
      });
    },

    loadSummary: async (contactId) => {
      try {
        const chat = await chatsApi.get(contactId);
        set((state) => ({
          summaries: { ...state.summaries, [contactId]: chat },
          summaryErrors: { ...state.summaryErrors, [contactId]: undefined },
        }));
      } catch (error) {
        set((state) => ({ summaryErrors: { ...state.summaryErrors, [contactId]: errorMessage(error, 'messenger:chatsFailed', { list: true }) } }));
      }
    },

    markRead: async (contactId) => {
      try {
        const chat = await chatsApi.markRead(contactId);
        set((state) => ({ summaries: { ...state.summaries, [contactId]: chat } }));
        get().applyChats([chat]);
      } catch {
        // The badge stays; the next opening tries again.
      }
    },

    loadConversation: async (contactId) => {
      patchConversation(contactId, (c) => ({ ...c, status: 'loading', error: null }));
      try {
        const page = await messagesApi.page(contactId, null, MESSAGES_PAGE);
        patchConversation(contactId, (current) => {
          // Keep what arrived while the page was on its way (realtime, or a send just made).
          const known = new Set(page.items.map(messageKey));
          const extra = current.items.filter((m) => !known.has(messageKey(m)) && Date.parse(m.createdAt) >= Date.parse(page.items.at(-1)?.createdAt ?? '1970-01-01'));
          return {
            items: page.items.concat(extra).sort(byCreatedAt),
            total: page.total,
            hasMore: page.hasMore,
            nextCursor: page.nextCursor,
            status: 'ready',
            error: null,
            loadingOlder: false,
          };
        });
      } catch (error) {
        patchConversation(contactId, (c) => ({ ...c, status: 'error', error: errorMessage(error, 'messenger:messagesFailed', { list: true }) }));
      }
    },

    loadOlder: async (contactId) => {
      const conversation = get().conversations[contactId];
      if (!conversation || !conversation.hasMore || !conversation.nextCursor || conversation.loadingOlder) return;
      patchConversation(contactId, (c) => ({ ...c, loadingOlder: true }));
      try {
        const page = await messagesApi.page(contactId, conversation.nextCursor, MESSAGES_PAGE);
        patchConversation(contactId, (c) => {
          const known = new Set(c.items.map((m) => m._id));
          return {
            ...c,
            items: page.items.filter((m) => !known.has(m._id)).concat(c.items),
            hasMore: page.hasMore,
            nextCursor: page.nextCursor,
            total: page.total,
            loadingOlder: false,
          };
        });
      } catch (error) {
        patchConversation(contactId, (c) => ({ ...c, loadingOlder: false, error: errorMessage(error, 'messenger:messagesFailed', { list: true }) }));
      }
    },

    send: async (contactId, draft, author) => {
      const sentBy = author?.id ?? null;
      const clientId = newClientId();
      const upload = draft.upload;
      const type: MessageType = draft.type ?? upload?.type ?? 'text';
      const body = draft.body ?? '';
      const local: Message = {
        _id: `local:${clientId}`,
        contactId,
        direction: 'out',
        type,
        body,
        createdAt: new Date().toISOString(),
        status: 'pending',
        ack: 0,
        deleted: false,
        deletedByContact: false,
        hidden: false,
        error: null,
        retryable: false,
        automated: false,
        followUpRunId: null,
        sentBy,
        sentByName: sentBy ? (author?.name ?? null) : null,
        clientId,
        meta: upload ? { mediaType: upload.mediaType, mediaUrl: upload.url, fileName: upload.fileName, path: upload.path, size: upload.size } : null,
      };
      patchConversation(contactId, (c) => ({ ...c, items: [...c.items, local], total: c.total + 1 }));
      return sendCopy(local);
    },

    retry: async (message, options = {}) => {
      if (isLocal(message)) {
        // Never reached the server (or its answer was lost): the same clientId sends it at most once.
        await sendCopy({ ...message, status: 'pending', error: null, retryable: false });
        return;
      }
      try {
        get().applyMessage(await messagesApi.retry(message._id, options), 'update');
      } catch (error) {
        throw new SendFailure(errorMessage(error, 'messenger:retryFailed', { list: true }));
      }
    },

    deleteMessage: async (message, forEveryone) => {
      if (isLocal(message)) {
        get().applyMessage({ ...message, hidden: true }, 'update');
        return;
      }
      const updated = await messagesApi.remove(message._id, forEveryone);
      get().applyMessage(updated, 'update');
    },

    applyMessage: (message, kind) => {
      const conversation = get().conversations[message.contactId];
      if (!conversation || conversation.status === 'idle') return;
      const next = mergeIntoConversation(conversation, message, kind);
      if (next !== conversation) set((state) => ({ conversations: { ...state.conversations, [message.contactId]: next } }));
    },
  };

  /** Posts a pending copy (idempotent on its clientId) and applies the answer; marks it failed when the call fails. */
  async function sendCopy(local: Message): Promise<Message> {
    const contactId = local.contactId;
    get().applyMessage(local, 'update');
    try {
      const saved = await messagesApi.send({
        contactId,
        body: local.body || undefined,
        type: local.type,
        meta: local.meta ? { path: local.meta.path, fileName: local.meta.fileName ?? undefined } : undefined,
        clientId: local.clientId ?? undefined,
      });
      get().applyMessage(saved, 'update');
      if (saved.status === 'failed') throw new SendFailure(saved.error ?? i18n.t('messenger:notTaken'));
      return saved;
    } catch (error) {
      if (error instanceof SendFailure) throw error;
      const reason = errorMessage(error, 'common:unknownError', { list: true });
      const current = get().conversations[contactId]?.items.find((m) => m.clientId === local.clientId);
      if (current && current.status === 'pending') {
        get().applyMessage({ ...current, status: 'failed', error: reason, retryable: true }, 'update');
      }
      throw new SendFailure(reason);
    }
  }
});

export function resetChatStoreForTests(): void {
  listRequest++;
  useChatStore.setState({ list: emptyList, summaries: {}, summaryErrors: {}, conversations: {} });
}
