import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { Message } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { Fragment, useEffect, useLayoutEffect, useRef } from 'react';
import { dayKey, formatDayLabel } from '../format';
import type { Conversation } from '../store';
import { MessageBubble, type MessageActions } from './MessageBubble';
import classes from './MessageList.module.css';

/** spec/core.md §2: the list scrolls to the bottom about 100 ms after a load or a new message. */
export const SCROLL_TO_BOTTOM_DELAY_MS = 100;
/** Older messages load when the reader comes this close to the top. */
const LOAD_OLDER_THRESHOLD_PX = 120;

const keyOf = (message: Message | undefined) => (message ? (message.clientId ?? message._id) : '');

export interface MessageListProps {
  conversation: Conversation | undefined;
  actions: MessageActions;
  onLoadOlder: () => void;
  onReload: () => void;
}

/**
 * A conversation's messages, newest last. Scrolling up loads older pages and keeps the reader's
 * place; a load or a new message at the end scrolls to the bottom after ~100 ms.
 */
export function MessageList({ conversation, actions, onLoadOlder, onReload }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const items = conversation?.items ?? [];
  const firstKey = keyOf(items[0]);
  const lastKey = keyOf(items.at(-1));
  const ready = conversation?.status === 'ready';
  const before = useRef({ firstKey: '', lastKey: '', scrollHeight: 0, scrollTop: 0 });
  /** The reader is at the bottom: media that finishes loading keeps them there. */
  const atBottom = useRef(true);

  // Older messages were put on top: keep the same message under the reader's eyes.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const prev = before.current;
    if (prev.firstKey && firstKey !== prev.firstKey && lastKey === prev.lastKey) {
      el.scrollTop = el.scrollHeight - prev.scrollHeight + prev.scrollTop;
    }
    before.current = { firstKey, lastKey, scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
  });

  // A load, or a new message at the end: to the bottom, shortly after (images and fonts settle).
  useEffect(() => {
    if (!ready || !lastKey) return;
    const timer = setTimeout(() => {
      const el = scroller.current;
      if (!el) return;
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }, SCROLL_TO_BOTTOM_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, lastKey]);

  // An image or video that finishes loading after the scroll grows the list: stay at the bottom if there.
  const stayAtBottom = () => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    before.current.scrollTop = el.scrollTop;
    before.current.scrollHeight = el.scrollHeight;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < LOAD_OLDER_THRESHOLD_PX && conversation?.hasMore && !conversation.loadingOlder) onLoadOlder();
  };

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      onScroll={onScroll}
      onLoadCapture={stayAtBottom}
      onLoadedMetadataCapture={stayAtBottom}
      role="log"
      aria-label="Messages"
      aria-live="polite"
      aria-relevant="additions"
      data-testid="message-list"
    >
      {conversation?.hasMore && (
        <Center py="xs">
          {conversation.loadingOlder ? (
            <Group gap="xs" c="dimmed">
              <Loader size="xs" />
              <Text size="xs">Loading older messages...</Text>
            </Group>
          ) : (
            <Button variant="subtle" size="compact-xs" onClick={onLoadOlder}>
              Load older messages
            </Button>
          )}
        </Center>
      )}

      {(!conversation || conversation.status === 'loading') && items.length === 0 && (
        <Center h="100%">
          <Group gap="xs" c="dimmed">
            <Loader size="sm" />
            <Text size="sm">Loading messages...</Text>
          </Group>
        </Center>
      )}

      {conversation?.status === 'error' && items.length === 0 && (
        <Center h="100%" p="md">
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} title={conversation.error}>
            <Button size="xs" variant="light" color="red" onClick={onReload}>
              Try again
            </Button>
          </Alert>
        </Center>
      )}

      {ready && items.length === 0 && (
        <Center h="100%">
          <Text size="sm" c="dimmed">
            No messages yet. Say hello!
          </Text>
        </Center>
      )}

      {items.map((message, index) => {
        const day = dayKey(message.createdAt);
        const newDay = index === 0 || day !== dayKey(items[index - 1]!.createdAt);
        return (
          <Fragment key={keyOf(message)}>
            {newDay && (
              <div className={classes.day} role="separator">
                <span>{formatDayLabel(message.createdAt)}</span>
              </div>
            )}
            <MessageBubble message={message} actions={actions} />
          </Fragment>
        );
      })}
    </div>
  );
}
