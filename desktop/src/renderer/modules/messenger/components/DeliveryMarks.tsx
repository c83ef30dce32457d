import type { Message } from '@crm/common';
import { Check, CheckCheck, CircleAlert, CircleHelp, Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import classes from './MessageBubble.module.css';

type Mark = 'sending' | 'not-sent' | 'unknown' | 'read' | 'delivered' | 'sent';
const MARK_KEYS = {
  sending: 'messenger:marks.sending',
  'not-sent': 'messenger:marks.notSent',
  unknown: 'messenger:marks.unknown',
  read: 'messenger:marks.read',
  delivered: 'messenger:marks.delivered',
  sent: 'messenger:marks.sent',
} as const;

/** What a mark means (its label and tooltip come from MARK_KEYS). */
export function deliveryMark(message: Pick<Message, 'status' | 'ack'>): Mark {
  if (message.status === 'pending') return 'sending';
  if (message.status === 'failed') return 'not-sent';
  if (message.status === 'unknown') return 'unknown';
  if (message.ack >= 3) return 'read';
  if (message.ack === 2) return 'delivered';
  return 'sent';
}

/**
 * Message delivery: an hourglass while pending, then marks 1, 2, 3 (sent,
 * delivered, read: one tick, two grey ticks, two blue ticks); a failed send shows an alert mark,
 * and one the app lost track of mid-send (`unknown`: maybe delivered) a question mark.
 */
export function DeliveryMarks({ message }: { message: Pick<Message, 'status' | 'ack'> }) {
  const { t } = useTranslation();
  const mark = deliveryMark(message);
  const label = t(MARK_KEYS[mark]);
  const icon =
    message.status === 'pending' ? (
      <Hourglass size={14} aria-hidden />
    ) : message.status === 'failed' ? (
      <CircleAlert size={14} aria-hidden />
    ) : message.status === 'unknown' ? (
      <CircleHelp size={14} aria-hidden />
    ) : message.ack >= 2 ? (
      <CheckCheck size={16} aria-hidden />
    ) : (
      <Check size={16} aria-hidden />
    );
  return (
    <span role="img" aria-label={label} title={label} className={classes.marks} data-mark={mark}>
      {icon}
    </span>
  );
}
