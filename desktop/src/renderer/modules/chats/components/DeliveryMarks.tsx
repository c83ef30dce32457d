import type { Message } from '@crm/common';
import { Check, CheckCheck, CircleAlert, CircleHelp, Hourglass } from 'lucide-react';
import classes from './MessageBubble.module.css';

/** What a mark means, for the label (and tooltip) of its icon. */
export function deliveryLabel(message: Pick<Message, 'status' | 'ack'>): string {
  if (message.status === 'pending') return 'Sending';
  if (message.status === 'failed') return 'Not sent';
  if (message.status === 'unknown') return 'Not sure this was delivered';
  if (message.ack >= 3) return 'Read';
  if (message.ack === 2) return 'Delivered';
  return 'Sent';
}

/**
 * spec/core.md §4 "Message delivery": an hourglass while pending, then marks 1, 2, 3 (sent,
 * delivered, read: one tick, two grey ticks, two blue ticks); a failed send shows an alert mark,
 * and one the app lost track of mid-send (`unknown`: maybe delivered) a question mark.
 */
export function DeliveryMarks({ message }: { message: Pick<Message, 'status' | 'ack'> }) {
  const label = deliveryLabel(message);
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
    <span role="img" aria-label={label} title={label} className={classes.marks} data-mark={message.status === 'unknown' ? 'unknown' : label.toLowerCase().replace(' ', '-')}>
      {icon}
    </span>
  );
}
