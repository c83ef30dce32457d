import { Text } from '@mantine/core';
import type { Message } from '@crm/common';
import { StickyNote } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../format';
import { noteParts } from '../mentions';
import classes from './NoteBubble.module.css';

/**
 * A private note of the team, drawn apart from the conversation with the contact: across the
 * chat, on yellow, labelled 'Note' with its author. A hand-over's note says who took the chat
 * over and who gave it, in the reader's language, then the note given. The colleagues a note
 * mentions are marked in its text.
 */
export const NoteBubble = memo(function NoteBubble({ message }: { message: Message }) {
  const { t } = useTranslation('messenger');
  const handOver = message.handOver;
  return (
    <div className={classes.row} data-message-id={message._id} data-testid="message" data-kind="note">
      <div className={classes.note}>
        <div className={classes.head}>
          <StickyNote size={12} aria-hidden />
          <Text span size="xs" fw={700}>
            {t('notes.label')}
          </Text>
          {message.sentByName && (
            <Text span size="xs" c="dimmed">
              · <bdi>{message.sentByName}</bdi>
            </Text>
          )}
        </div>
        {handOver ? (
          <>
            <Text size="sm" fw={600}>
              {t('notes.handedOver', { to: handOver.to, by: handOver.by })}
            </Text>
            {handOver.note && (
              <Text size="sm" className={classes.body} dir="auto">
                {handOver.note}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" className={classes.body} dir="auto">
            {noteParts(message.body, message.mentions).map((part, i) =>
              part.mention ? (
                <mark key={i} className={classes.mention} data-user-id={part.mention.id}>
                  <bdi>{part.text}</bdi>
                </mark>
              ) : (
                part.text
              ),
            )}
          </Text>
        )}
        <Text size="xs" c="dimmed" className={classes.time}>
          {formatTime(message.createdAt)}
        </Text>
      </div>
    </div>
  );
});
