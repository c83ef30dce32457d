import { Avatar, Badge, Button, Group, Loader, Text, UnstyledButton } from '@mantine/core';
import type { Chat } from '@crm/common';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Repeat } from 'lucide-react';
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useAuthStore } from '../../auth/store';
import { initialOf } from '../../../ui/initial';
import { LabelChips } from '../../labels/LabelChips';
import { formatChatStamp } from '../format';
import { systemLineText } from '../system-line-text';
import classes from './ChatList.module.css';
import { contactLabel } from '../../../ui/ContactPhone';

/** Every row has the same height: no measuring, so scrolling 100,000 rows stays cheap. */
export const CHAT_ROW_HEIGHT = 72;
/** Ask for the next page this many rows before the end of the loaded ones. */
const PREFETCH_ROWS = 25;

export interface ChatListProps {
  items: Chat[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  selectedId: string | null;
  onSelect: (chat: Chat) => void;
  onLoadMore: () => void;
  /** Changes of the search scroll the list back to the top. */
  query?: string;
  /** Tests (jsdom has no layout) pass the viewport size; the browser measures it. */
  initialRect?: { width: number; height: number };
}

/**
 * The messenger's conversations, virtualised with @tanstack/react-virtual: only the rows in view
 * (plus a few) are in the DOM, whatever the number loaded. Pages come from the server as the
 * user nears the end. Arrow keys, Home and End move between rows (one tab stop for the list).
 */
export function ChatList({ items, total, hasMore, loadingMore, selectedId, onSelect, onLoadMore, query, initialRect }: ChatListProps) {
  const { t } = useTranslation('messenger');
  const scroller = useRef<HTMLDivElement>(null);
  const count = items.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => CHAT_ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => items[index]?._id ?? '__more__',
    initialRect,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= items.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, items.length, onLoadMore]);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [query]);

  // Roving focus: the selected row (else the first) is the list's one tab stop.
  const selectedIndex = selectedId ? items.findIndex((chat) => chat._id === selectedId) : -1;
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const tabIndexRow = focusIndex ?? (selectedIndex >= 0 ? selectedIndex : 0);

  const focusRow = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(items.length - 1, index));
      setFocusIndex(target);
      virtualizer.scrollToIndex(target, { align: 'auto' });
      requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-row-index="${target}"]`)?.focus());
    },
    [items.length, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = Number((event.target as HTMLElement).dataset.rowIndex ?? tabIndexRow);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? CHAT_ROW_HEIGHT * 8) / CHAT_ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, PageDown: current + page, PageUp: current - page, Home: 0, End: items.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    focusRow(moves[event.key]!);
  };

  return (
    <div ref={scroller} className={classes.scroller} onKeyDown={onKeyDown}>
      <div role="list" aria-label={t('chats.label', { count: total })} style={{ blockSize: virtualizer.getTotalSize(), position: 'relative', inlineSize: '100%' }}>
        {rows.map((row) => {
          const chat = items[row.index];
          return (
            <div key={row.key} role="listitem" aria-setsize={total} aria-posinset={row.index + 1} className={classes.slot} style={{ blockSize: row.size, transform: `translateY(${row.start}px)` }}>
              {chat ? (
                <ChatRow chat={chat} index={row.index} selected={chat._id === selectedId} tabbable={row.index === tabIndexRow} onSelect={onSelect} onFocusRow={setFocusIndex} />
              ) : (
                <Group justify="center" h="100%" gap="xs" c="dimmed">
                  {loadingMore ? (
                    <>
                      <Loader size="xs" />
                      <Text size="sm">{t('chats.loadingMore')}</Text>
                    </>
                  ) : (
                    <Button variant="subtle" size="xs" onClick={onLoadMore}>
                      {t('chats.loadMore')}
                    </Button>
                  )}
                </Group>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface ChatRowProps {
  chat: Chat;
  index: number;
  selected: boolean;
  tabbable: boolean;
  onSelect: (chat: Chat) => void;
  onFocusRow: (index: number) => void;
}

/**
 * Who wrote the last message, before its preview: 'You:' for the reader's own (or an outgoing one
 * with no user behind it), the author's name for a colleague's, nothing for the contact's.
 */
export function previewAuthor(chat: Chat, readerId: string | null, t: (key: 'messenger:chats.you' | 'messenger:chats.author', values?: { name: string }) => string): string | null {
  if (chat.lastMessageDirection !== 'out') return null;
  const author = chat.lastMessageSentBy;
  if (author && author._id !== readerId && author.name) return t('messenger:chats.author', { name: author.name });
  return t('messenger:chats.you');
}

const ChatRow = memo(function ChatRow({ chat, index, selected, tabbable, onSelect, onFocusRow }: ChatRowProps) {
  const { t } = useTranslation('messenger');
  const readerId = useAuthStore((state) => state.user?._id ?? null);
  const title = contactLabel(chat.name, chat.phone);
  // The open conversation is being read: its count is cleared on the server right away.
  const unread = selected ? 0 : chat.unreadCount;
  // a line WhatsApp wrote is worded from its code: the stored preview is its English
  const preview = chat.lastMessageSystemEvent
    ? systemLineText(t, chat.lastMessageSystemEvent)
    : (chat.lastMessagePreview ?? (chat.name?.trim() ? contactLabel(null, chat.phone) : t('chats.noMessages')));
  const author = previewAuthor(chat, readerId, (key, values) => t(key, values ?? {}));
  const described = author ? `${author} ${preview}` : preview;
  return (
    <UnstyledButton
      className={classes.row}
      data-selected={selected || undefined}
      data-unread={unread > 0 || undefined}
      data-row-index={index}
      aria-current={selected ? 'true' : undefined}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onSelect(chat)}
      onFocus={() => onFocusRow(index)}
      aria-label={unread > 0 ? t('chats.rowLabelUnread', { title, unread, preview: described }) : t('chats.rowLabel', { title, preview: described })}
    >
      <Avatar radius="xl" size={44} color="brand" aria-hidden>
        {initialOf(title)}
      </Avatar>
      <div className={classes.body}>
        <div className={classes.line}>
          <Text className={classes.name} fw={unread > 0 ? 700 : 600} size="sm" truncate="end">
            <bdi>{title}</bdi>
          </Text>
          <Text size="xs" c={unread > 0 ? 'brand' : 'dimmed'} className={classes.stamp}>
            {formatChatStamp(chat.lastMessageAt)}
          </Text>
        </div>
        <div className={classes.line}>
          <Text size="sm" c="dimmed" truncate="end" className={classes.preview}>
            {author && (
              <span className={classes.you} data-testid="preview-author">
                <bdi>{author}</bdi>{' '}
              </span>
            )}
            <bdi>{preview}</bdi>
          </Text>
          <LabelChips labelIds={chat.labelIds} max={2} size="xs" />
          {chat.hasActiveFollowUp && <Repeat size={14} aria-hidden className={classes.followUp} />}
          {unread > 0 && (
            <Badge size="sm" circle={unread < 10} variant="filled" color="brand" data-testid="unread-badge">
              {unread > 999 ? t('chats.manyUnread', { count: 999 }) : formatNumber(unread)}
            </Badge>
          )}
        </div>
      </div>
    </UnstyledButton>
  );
});
