import { windowClosesAt, type Chat, type Message, type MessageType, type TemplateMessage, type UploadResult } from '@crm/common';
import { create } from 'zustand';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { messageErrorText } from '../../lib/reason-text';
import { chatsApi, messagesApi } from './api';
import { useAuthStore } from '../auth/store';
import { currentUserCan } from '../auth/use-can';
import { matchesLabelFilter, labelQuery, type LabelFilterValue } from '../labels/LabelFilter';
import { byCreatedAt, isLocal, mergeChats, mergeIntoConversation, messageKey, type ChatListState, type Conversation } from './merge';

/** Conversations a page at a time; the list is virtualised, so a page can be generous. */
export const CHAT_LIST_PAGE_SIZE = 100;
export const MESSAGES_PAGE = 50;

export interface OutgoingDraft {
  body?: string;
  /** The uploaded file (POST /messages/upload) when sending media or a voice note. */
  upload?: UploadResult;
  type?: MessageType;
  /** An approved WhatsApp template (official API); `body` is its text filled in, as the chat shows it. */
  template?: TemplateMessage;
}

/** Template messages not yet taken by the server, by clientId: a retry of the pending copy sends the same template. */
const pendingTemplates = new Map<string, TemplateMessage>();

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

  /** `labels`: the chat list's label filter (kept until changed). */
  loadChats: (query: string, labels?: LabelFilterValue) => Promise<void>;
  loadMoreChats: () => Promise<void>;
  /** Realtime (`msg:new`'s chat, `chat:update`) or an answer: replace, re-order, insert. */
  applyChats: (chats: Chat[]) => void;
  loadSummary: (contactId: string) => Promise<void>;
  markRead: (contactId: string) => Promise<void>;

  /** `aroundId`: open at that message (a search result), with older and newer ones around it. */
  loadConversation: (contactId: string, aroundId?: string | null) => Promise<void>;
  loadOlder: (contactId: string) => Promise<void>;
  /** After opening at a message: the next newer page. */
  loadNewer: (contactId: string) => Promise<void>;
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

/** Admins see every conversation; a sales rep only those assigned to them. */
function visibleToSignedInUser(chat: Chat): boolean {
  const user = useAuthStore.getState().user;
  return !user || currentUserCan('contacts.all') || chat.assignedTo?._id === user._id;
}

/** The label filter the loaded chat list answers: realtime updates keep to it. */
let chatLabels: LabelFilterValue = { labels: [], labelMatch: 'any' };
const inChatList = (chat: Chat): boolean => visibleToSignedInUser(chat) && matchesLabelFilter(chat.labelIds, chatLabels);

let listRequest = 0;
let listAbort: AbortController | null = null;

const newClientId = (): string => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);

export const useChatStore = create<ChatState>()((set, get) => {
  const patchConversation = (contactId: string, patch: (c: Conversation) => Conversation) =>
    set((state) => ({ conversations: { ...state.conversations, [contactId]: patch(state.conversations[contactId] ?? emptyConversation) } }));

  return {
    list: emptyList,
    summaries: {},
    summaryErrors: {},
    conversations: {},

    loadChats: async (query, labels) => {
      if (labels) chatLabels = labels;
      const request = ++listRequest;
      listAbort?.abort();
      const abort = new AbortController();
      listAbort = abort;
      set((state) => ({ list: { ...state.list, query, status: 'loading', error: null, loadingMore: false } }));
      try {
        const page = await chatsApi.list({ q: query || undefined, limit: CHAT_LIST_PAGE_SIZE, ...labelQuery(chatLabels) }, abort.signal);
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
        const page = await chatsApi.list({ q: list.query || undefined, cursor: list.nextCursor, limit: CHAT_LIST_PAGE_SIZE, ...labelQuery(chatLabels) });
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
        return { list: state.list.status === 'ready' ? mergeChats(state.list, chats, inChatList) : state.list, summaries };
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

    loadConversation: async (contactId, aroundId) => {
      patchConversation(contactId, (c) => ({ ...c, status: 'loading', error: null }));
      try {
        const page = aroundId ? await messagesApi.around(contactId, aroundId, MESSAGES_PAGE) : await messagesApi.page(contactId, null, MESSAGES_PAGE);
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
            focusId: aroundId ?? null,
            hasNewer: page.hasNewer ?? false,
            newerCursor: page.newerCursor ?? null,
            replyWindow: page.replyWindow ?? null,
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

    loadNewer: async (contactId) => {
      const conversation = get().conversations[contactId];
      if (!conversation?.hasNewer || !conversation.newerCursor || conversation.loadingNewer) return;
      patchConversation(contactId, (c) => ({ ...c, loadingNewer: true }));
      try {
        const page = await messagesApi.newer(contactId, conversation.newerCursor, MESSAGES_PAGE);
        patchConversation(contactId, (c) => {
          const known = new Set(c.items.map(messageKey));
          return {
            ...c,
            items: c.items.concat(page.items.filter((m) => !known.has(messageKey(m)))).sort(byCreatedAt),
            hasNewer: page.hasNewer ?? false,
            newerCursor: page.newerCursor ?? null,
            total: page.total,
            loadingNewer: false,
          };
        });
      } catch (error) {
        patchConversation(contactId, (c) => ({ ...c, loadingNewer: false, error: errorMessage(error, 'messenger:messagesFailed', { list: true }) }));
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
        kind: 'message',
        handOver: null,
        mentions: [],
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
        errorCode: null,
        errorParams: null,
        retryable: false,
        automated: false,
        followUpRunId: null,
        sentBy,
        sentByName: sentBy ? (author?.name ?? null) : null,
        clientId,
        meta: upload ? { mediaType: upload.mediaType, mediaUrl: upload.url, fileName: upload.fileName, path: upload.path, size: upload.size } : null,
        template: draft.template ? { name: draft.template.name, language: draft.template.language } : null,
      };
      if (draft.template) pendingTemplates.set(clientId, draft.template);
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
      let next = mergeIntoConversation(conversation, message, kind);
      // the contact wrote: the official API's window opens again for 24 hours (a line WhatsApp wrote is not the contact writing)
      if (kind === 'new' && message.direction === 'in' && !message.systemEvent && next.replyWindow) {
        next = { ...next, replyWindow: { open: true, closesAt: windowClosesAt(message.createdAt).toISOString() } };
      }
      if (next !== conversation) set((state) => ({ conversations: { ...state.conversations, [message.contactId]: next } }));
    },
  };

  /** Posts a pending copy (idempotent on its clientId) and applies the answer; marks it failed when the call fails. */
  async function sendCopy(local: Message): Promise<Message> {
    const contactId = local.contactId;
    get().applyMessage(local, 'update');
    try {
      const template = local.clientId ? pendingTemplates.get(local.clientId) : undefined;
      const saved = await messagesApi.send(
        template
          ? { contactId, type: 'template', template, clientId: local.clientId ?? undefined }
          : {
              contactId,
              body: local.body || undefined,
              type: local.type,
              meta: local.meta ? { path: local.meta.path, fileName: local.meta.fileName ?? undefined } : undefined,
              clientId: local.clientId ?? undefined,
            },
      );
      if (local.clientId) pendingTemplates.delete(local.clientId);
      get().applyMessage(saved, 'update');
      if (saved.status === 'failed') throw new SendFailure(messageErrorText(saved) ?? i18n.t('messenger:notTaken'));
      return saved;
    } catch (error) {
      if (error instanceof SendFailure) throw error;
      const reason = errorMessage(error, 'common:unknownError', { list: true });
      const current = get().conversations[contactId]?.items.find((m) => m.clientId === local.clientId);
      if (current && current.status === 'pending') {
        // already in the user's language: no code to word
        get().applyMessage({ ...current, status: 'failed', error: reason, errorCode: null, errorParams: null, retryable: true }, 'update');
      }
      throw new SendFailure(reason);
    }
  }
});

export function resetChatStoreForTests(): void {
  listRequest++;
  useChatStore.setState({ list: emptyList, summaries: {}, summaryErrors: {}, conversations: {} });
}
