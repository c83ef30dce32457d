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

  socket.on('msg:new', onNew);
  socket.on('msg:update', onUpdate);
  socket.on('chat:update', onChat);
  return () => {
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
