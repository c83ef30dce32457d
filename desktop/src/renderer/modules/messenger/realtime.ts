import type { Chat, NewMessageEvent, RealtimeMessage } from '@crm/common';
import { useEffect } from 'react';
import type { CrmSocket } from '../../lib/realtime-client';
import { useRealtimeStore } from '../realtime/store';
import { useChatStore } from './store';

/** Chat summaries arriving in a burst are applied together: one pass over a list of up to 100,000. */
const CHAT_BATCH_MS = 50;

interface Binding {
  users: number;
  release: () => void;
}
const bindings = new Map<CrmSocket, Binding>();
/** Conversations shown in a panel right now (a contact may be open twice: messenger and profile). */
const openConversations = new Map<string, number>();

/** After a reconnect, what was pushed while offline is fetched again: the list and the open conversations. */
function resync(): void {
  const store = useChatStore.getState();
  if (store.list.status === 'ready') void store.loadChats(store.list.query);
  for (const contactId of openConversations.keys()) {
    void store.loadConversation(contactId);
    void store.loadSummary(contactId);
  }
}

function bind(socket: CrmSocket): () => void {
  const pending = new Map<string, Chat>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const chats = [...pending.values()];
    pending.clear();
    useChatStore.getState().applyChats(chats);
  };
  const queueChat = (chat: Chat) => {
    pending.set(chat._id, chat);
    timer ??= setTimeout(flush, CHAT_BATCH_MS);
  };

  const onNew = ({ chat, ...message }: NewMessageEvent) => {
    useChatStore.getState().applyMessage(message, 'new');
    if (chat) queueChat(chat);
  };
  const onUpdate = (message: RealtimeMessage) => useChatStore.getState().applyMessage(message, 'update');
  const onChat = (chat: Chat) => queueChat(chat);
  // The first connect is not a reconnect (the screens load on their own).
  let connectedBefore = Boolean((socket as { connected?: boolean }).connected);
  const onConnect = () => {
    if (connectedBefore) resync();
    connectedBefore = true;
  };

  socket.on('connect', onConnect);
  socket.on('msg:new', onNew);
  socket.on('msg:update', onUpdate);
  socket.on('chat:update', onChat);
  return () => {
    socket.off('connect', onConnect);
    socket.off('msg:new', onNew);
    socket.off('msg:update', onUpdate);
    socket.off('chat:update', onChat);
    if (timer) clearTimeout(timer);
  };
}

/**
 * Keeps the chat store in step with the realtime socket while a messenger screen or an embedded
 * chat panel is mounted. Several users share one subscription, so an event is applied once.
 */
export function useChatRealtime(): void {
  const socket = useRealtimeStore((state) => state.socket);
  useEffect(() => {
    if (!socket) return;
    let binding = bindings.get(socket);
    if (!binding) {
      binding = { users: 0, release: bind(socket) };
      bindings.set(socket, binding);
    }
    binding.users += 1;
    return () => {
      const current = bindings.get(socket);
      if (!current) return;
      current.users -= 1;
      if (current.users <= 0) {
        current.release();
        bindings.delete(socket);
      }
    };
  }, [socket]);
}

/** A chat panel shows this conversation: it is fetched again after a reconnect. */
export function useOpenConversation(contactId: string): void {
  useEffect(() => {
    openConversations.set(contactId, (openConversations.get(contactId) ?? 0) + 1);
    return () => {
      const left = (openConversations.get(contactId) ?? 1) - 1;
      if (left <= 0) openConversations.delete(contactId);
      else openConversations.set(contactId, left);
    };
  }, [contactId]);
}
