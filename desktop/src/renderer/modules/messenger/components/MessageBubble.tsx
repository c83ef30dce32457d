import { ActionIcon, Button, Menu, Text, Tooltip } from '@mantine/core';
import { isWithinDeleteForEveryoneWindow, type Message } from '@crm/common';
import { Ban, ChevronDown, FileText, Repeat, RotateCw, Trash2 } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/store';
import { formatTime } from '../format';
import { messageErrorText } from '../../../lib/reason-text';
import { DeliveryMarks } from './DeliveryMarks';
import { MessageMedia } from './MessageMedia';
import classes from './MessageBubble.module.css';

export interface MessageActions {
  onDeleteForMe: (message: Message) => void;
  onDeleteForEveryone: (message: Message) => void;
  /** For an `unknown` message the handler must confirm a possible duplicate before retrying. */
  onRetry: (message: Message) => void;
}

/**
 * 'Delete for me' on every message, 'delete for everyone' only on outgoing ones
 * that WhatsApp took, while WhatsApp still allows it (about 60 hours).
 */
export function deleteOptions(message: Message, now: number = Date.now()): { forMe: boolean; forEveryone: boolean } {
  const local = message._id.startsWith('local:');
  const young = isWithinDeleteForEveryoneWindow(message.createdAt, now);
  return {
    forMe: message.status !== 'pending',
    forEveryone: !local && message.direction === 'out' && message.status === 'sent' && !message.deleted && young,
  };
}

/**
 * One chat bubble: outgoing at the end side, incoming at the start side (logical, so RTL mirrors
 * it: in Arabic your own messages are on the left, as in WhatsApp). An outgoing message another
 * user wrote shows that user's name.
 */
export const MessageBubble = memo(function MessageBubble({ message, actions }: { message: Message; actions: MessageActions }) {
  const { t } = useTranslation('messenger');
  const readerId = useAuthStore((state) => state.user?._id ?? null);
  const out = message.direction === 'out';
  const author = out && message.sentBy && message.sentBy !== readerId && message.sentByName ? message.sentByName : null;
  const options = deleteOptions(message);
  const deletedByUs = message.deleted && !message.deletedByContact;
  const hasMedia = message.type !== 'text';

  return (
    <div className={classes.row} data-direction={message.direction} data-message-id={message._id} data-testid="message">
      <div className={classes.bubble} data-direction={message.direction} data-status={message.status} data-deleted={deletedByUs || undefined}>
        {(options.forMe || options.forEveryone) && (
          <Menu position={out ? 'bottom-end' : 'bottom-start'} width={200} withinPortal>
            <Menu.Target>
              <ActionIcon size="sm" variant="subtle" color="gray" className={classes.menuButton} aria-label={t('bubble.actions')}>
                <ChevronDown size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {options.forMe && (
                <Menu.Item leftSection={<Trash2 size={14} aria-hidden />} onClick={() => actions.onDeleteForMe(message)}>
                  {t('bubble.deleteForMe')}
                </Menu.Item>
              )}
              {options.forEveryone && (
                <Menu.Item color="red" leftSection={<Trash2 size={14} aria-hidden />} onClick={() => actions.onDeleteForEveryone(message)}>
                  {t('bubble.deleteForEveryone')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}

        {author && (
          <Text size="xs" fw={600} c="brand" className={classes.author} aria-label={t('bubble.sentBy', { name: author })} data-testid="message-author">
            <bdi>{author}</bdi>
          </Text>
        )}
        {deletedByUs ? (
          <Text size="sm" fs="italic" c="dimmed" className={classes.deleted}>
            <Ban size={14} aria-hidden /> {t('bubble.deletedForEveryone')}
          </Text>
        ) : (
          <>
            {hasMedia && <MessageMedia message={message} />}
            {message.body && (
              <Text size="sm" dir="auto" className={classes.text}>
                {message.body}
              </Text>
            )}
            {message.deletedByContact && (
              <Text size="xs" fs="italic" c="dimmed" className={classes.deleted}>
                <Ban size={12} aria-hidden /> {t('bubble.deletedByContact')}
              </Text>
            )}
          </>
        )}

        <div className={classes.meta}>
          {message.template && (
            <Tooltip label={t('bubble.templateTip', { name: message.template.name, language: message.template.language })}>
              <span className={classes.automated}>
                <FileText size={12} aria-hidden /> {t('bubble.template')}
              </span>
            </Tooltip>
          )}
          {message.automated && (
            <Tooltip label={t('bubble.automatedTip')}>
              <span className={classes.automated}>
                <Repeat size={12} aria-hidden /> {t('bubble.automated')}
              </span>
            </Tooltip>
          )}
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          {out && <DeliveryMarks message={message} />}
        </div>
      </div>

      {out && message.status === 'unknown' && (
        <div className={classes.failure} role="status">
          <Text size="xs" c="orange">
            {messageErrorText(message) ?? t('bubble.unknownDelivery')}
          </Text>
          {/* the handler asks first: sending it again may deliver it twice */}
          <Button size="compact-xs" variant="light" color="orange" leftSection={<RotateCw size={12} aria-hidden />} onClick={() => actions.onRetry(message)}>
            {t('bubble.retry')}
          </Button>
        </div>
      )}

      {out && message.status === 'failed' && (
        <div className={classes.failure} role="alert">
          <Text size="xs" c="red">
            {t('bubble.notSent', { reason: messageErrorText(message) ?? t('notTaken') })}
          </Text>
          {(message.retryable || message._id.startsWith('local:')) && (
            <Button size="compact-xs" variant="light" color="red" leftSection={<RotateCw size={12} aria-hidden />} onClick={() => actions.onRetry(message)}>
              {t('bubble.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
});
