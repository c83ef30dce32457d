import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { Message } from '@crm/common';
import { defaultRangeExtractor, measureElement as measureRow, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { CircleAlert } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dayKey, formatDayLabel } from '../format';
import type { Conversation } from '../merge';
import { MessageBubble, type MessageActions } from './MessageBubble';
import { NoteBubble } from './NoteBubble';
import { SystemLine } from './SystemLine';
import classes from './MessageList.module.css';

/** The list scrolls to the bottom about 100 ms after a load or a new message. */
export const SCROLL_TO_BOTTOM_DELAY_MS = 100;
/** Older messages load when the reader comes this close to the top. */
const LOAD_OLDER_THRESHOLD_PX = 120;
/** The reader counts as "at the bottom" this close to it (a new message then scrolls into view). */
const AT_BOTTOM_PX = 80;
/** A first guess of a row's height (a one-line bubble); rows are measured once rendered. */
export const MESSAGE_ROW_ESTIMATE = 64;
/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 6;

const keyOf = (message: Message | undefined) => (message ? (message.clientId ?? message._id) : '');

/** A rendered row's height; a row never has none, so 0 (no layout yet, or jsdom) keeps the estimate. */
function measure(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>): number {
  const size = measureRow(element, entry, instance);
  return size > 0 ? size : MESSAGE_ROW_ESTIMATE;
}

/** The viewport assumed while the list has no height yet (laid out later, or jsdom): a window of rows, never none. */
const FALLBACK_VIEWPORT_PX = 720;

function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_PX }));
}

export interface MessageListProps {
  conversation: Conversation | undefined;
  actions: MessageActions;
  onLoadOlder: () => void;
  /** Opened at a message: loads the newer page. */
  onLoadNewer?: () => void;
  onReload: () => void;
}

/**
 * A conversation's messages, newest last, virtualised with @tanstack/react-virtual (as the chat
 * list): only the rows in view, plus a few, are in the DOM, each measured once rendered. Scrolling
 * up loads older pages and keeps the reader's place; opening the conversation, and a new message
 * while the reader is at the bottom (or one they sent), scroll to the bottom after ~100 ms.
 */
export function MessageList({ conversation, actions, onLoadOlder, onLoadNewer, onReload }: MessageListProps) {
  const { t } = useTranslation('messenger');
  const scroller = useRef<HTMLDivElement>(null);
  const items = conversation?.items ?? [];
  const firstKey = keyOf(items[0]);
  const lastKey = keyOf(items.at(-1));
  const last = items.at(-1);
  const ready = conversation?.status === 'ready';
  const hasMore = Boolean(conversation?.hasMore);
  /** The reader is at the bottom: a new message or media that finishes loading keeps them there. */
  const atBottom = useRef(true);
  /** The list is moving itself (to the bottom, or keeping the place): not the reader asking for older messages. */
  const ownScroll = useRef(false);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => MESSAGE_ROW_ESTIMATE,
    measureElement: measure,
    observeElementRect: observeRect,
    overscan: OVERSCAN,
    getItemKey: (index) => keyOf(items[index]) || index,
    // the last row stays rendered, so the bottom is measured before the list scrolls there
    rangeExtractor: useCallback((range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (range.count > 0 && indexes.at(-1) !== range.count - 1) indexes.push(range.count - 1);
      return indexes;
    }, []),
  });
  const rows = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTop = Math.max(el.scrollHeight, virtualizer.getTotalSize());
    // the virtualiser reads the offset from scroll events: one now, so the window follows at once
    ownScroll.current = true;
    el.dispatchEvent(new Event('scroll'));
    ownScroll.current = false;
    atBottom.current = true;
  }, [virtualizer]);

  // Older messages were put on top: keep the same message under the reader's eyes.
  const before = useRef({ firstKey: '', lastKey: '', totalSize: 0, scrollHeight: 0, scrollTop: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = before.current;
    if (prev.firstKey && firstKey !== prev.firstKey && lastKey === prev.lastKey) {
      // the browser's height counts the 'Load older messages' bar too (it goes with the last page)
      const grown = el.scrollHeight > 0 && prev.scrollHeight > 0 ? el.scrollHeight - prev.scrollHeight : totalSize - prev.totalSize;
      if (grown > 0) {
        el.scrollTop = prev.scrollTop + grown;
        ownScroll.current = true;
        el.dispatchEvent(new Event('scroll'));
        ownScroll.current = false;
      }
    }
    before.current = { firstKey, lastKey, totalSize, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
  });

  // Opening: straight to the bottom (no flash of the oldest messages), and again once rows are
  // measured; opened at a message (a search result), to that message instead.
  const opened = useRef(false);
  const focusId = conversation?.focusId ?? null;
  useLayoutEffect(() => {
    if (!ready || opened.current || items.length === 0) return;
    opened.current = true;
    const focusIndex = focusId ? items.findIndex((m) => m._id === focusId) : -1;
    if (focusIndex === -1) return scrollToBottom();
    atBottom.current = false;
    virtualizer.scrollToIndex(focusIndex, { align: 'center' });
  }, [ready, items, focusId, scrollToBottom, virtualizer]);

  // A load, or a new message at the end: to the bottom shortly after (images and fonts settle),
  // when the reader was there or sent it; a reader scrolled up to older messages stays put.
  const lastIsOwnPending = last?.direction === 'out' && last.status === 'pending';
  useEffect(() => {
    if (!ready || !lastKey) return;
    if (!atBottom.current && !lastIsOwnPending) return;
    // a reader who scrolled away meanwhile stays where they went
    const timer = setTimeout(() => (atBottom.current || lastIsOwnPending) && scrollToBottom(), SCROLL_TO_BOTTOM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, lastKey, lastIsOwnPending, scrollToBottom]);

  // An image or video that finishes loading grows its row: stay at the bottom if there.
  const stayAtBottom = () => {
    if (atBottom.current) scrollToBottom();
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    before.current.scrollTop = el.scrollTop;
    before.current.scrollHeight = el.scrollHeight;
    const height = Math.max(el.scrollHeight, virtualizer.getTotalSize());
    atBottom.current = height - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && hasMore && !conversation?.loadingOlder && opened.current && !ownScroll.current) onLoadOlder();
    if (atBottom.current && conversation?.hasNewer && !conversation.loadingNewer && opened.current && !ownScroll.current) onLoadNewer?.();
  };

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      onScroll={onScroll}
      onLoadCapture={stayAtBottom}
      onLoadedMetadataCapture={stayAtBottom}
      role="log"
      aria-label={t('list.label')}
      aria-live="polite"
      aria-relevant="additions"
      data-testid="message-list"
    >
      {hasMore && (
        <Center py="xs">
          {conversation?.loadingOlder ? (
            <Group gap="xs" c="dimmed">
              <Loader size="xs" />
              <Text size="xs">{t('list.loadingOlder')}</Text>
            </Group>
          ) : (
            <Button variant="subtle" size="compact-xs" onClick={onLoadOlder}>
              {t('list.loadOlder')}
            </Button>
          )}
        </Center>
      )}

      {(!conversation || conversation.status === 'loading') && items.length === 0 && (
        <Center h="100%">
          <Group gap="xs" c="dimmed">
            <Loader size="sm" />
            <Text size="sm">{t('list.loading')}</Text>
          </Group>
        </Center>
      )}

      {conversation?.status === 'error' && items.length === 0 && (
        <Center h="100%" p="md">
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} title={conversation.error}>
            <Button size="xs" variant="light" color="red" onClick={onReload}>
              {t('list.tryAgain')}
            </Button>
          </Alert>
        </Center>
      )}

      {ready && items.length === 0 && (
        <Center h="100%">
          <Text size="sm" c="dimmed">
            {t('list.empty')}
          </Text>
        </Center>
      )}

      {items.length > 0 && (
        <div className={classes.rows} style={{ blockSize: totalSize }}>
          {rows.map((row) => {
            const message = items[row.index]!;
            const newDay = row.index === 0 || dayKey(message.createdAt) !== dayKey(items[row.index - 1]!.createdAt);
            return (
              <div key={row.key} ref={virtualizer.measureElement} data-index={row.index} className={classes.slot} style={{ transform: `translateY(${row.start}px)` }}>
                {newDay && (
                  <div className={classes.day} role="separator">
                    <span>{formatDayLabel(message.createdAt)}</span>
                  </div>
                )}
                <div className={message._id === focusId ? classes.focused : undefined} data-focused={message._id === focusId || undefined}>
                  {message.kind === 'note' ? (
                    <NoteBubble message={message} />
                  ) : message.systemEvent ? (
                    <SystemLine message={message} event={message.systemEvent} />
                  ) : (
                    <MessageBubble message={message} actions={actions} />
                  )}
                </div>
              </div>
            );
          })}
        </div>
      )}

      {conversation?.hasNewer && onLoadNewer && (
        <Center py="xs">
          <Button variant="subtle" size="compact-xs" onClick={onLoadNewer} loading={conversation.loadingNewer}>
            {t('list.loadNewer')}
          </Button>
        </Center>
      )}
    </div>
  );
}
