import type { Chat, Message } from '@crm/common';
import type { LoadStatus } from '../../lib/load/latest-request';

// How the loaded chat list and conversations take in what arrives later (realtime events, answers
// to calls, pages): pure functions of the state, so the ordering rules are tested alone.

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

export type ReplyWindow = { open: boolean; closesAt: string | null };

export interface Conversation {
  /** Oldest first (newest last), the pages loaded so far plus messages that arrived since. */
  items: Message[];
  total: number;
  hasMore: boolean;
  nextCursor: string | null;
  status: LoadStatus;
  error: string | null;
  loadingOlder: boolean;
  /** Opened at a message (a search result): it is scrolled into view and marked. */
  focusId?: string | null;
  /** Opened at a message: newer messages exist that are not loaded yet (`newerCursor` loads them). */
  hasNewer?: boolean;
  newerCursor?: string | null;
  loadingNewer?: boolean;
  /** The official API's 24-hour window with the contact (null: linked by QR, no window). */
  replyWindow?: ReplyWindow | null;
}

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
 * `visible` says whether this user still sees a chat: a sales rep whose contact was given to
 * someone else gets the update once, and drops it.
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

export const messageKey = (message: Message): string => message.clientId ?? message._id;
export const isLocal = (message: Message): boolean => message._id.startsWith('local:');
const statusRank = (status: Message['status']): number => (status === 'pending' ? 0 : 1);

/**
 * The newer of two copies of a message. Events and answers travel on two channels (socket and
 * HTTP), so a late copy must not undo progress: a sent message never goes back to pending (only a
 * failed or unknown one does, on retry), acks only go up, a deletion sticks.
 */
export function mergeMessage(current: Message, incoming: Message): Message {
  const regress = statusRank(incoming.status) < statusRank(current.status) && current.status !== 'failed' && current.status !== 'unknown';
  const base = regress ? { ...incoming, status: current.status, error: current.error, errorCode: current.errorCode, errorParams: current.errorParams, retryable: current.retryable } : incoming;
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

export const byCreatedAt = (a: Message, b: Message) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

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
