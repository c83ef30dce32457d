import type { Message, SystemEvent } from '@crm/common';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './SystemLine.module.css';

/** Left-to-right isolation inside a sentence: "+20 100…" keeps its order in Arabic text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * A line WhatsApp wrote into the conversation (the contact changed their number, their account
 * id changed), worded in the reader's language from its code; no bubble, no actions.
 */
export const SystemLine = memo(function SystemLine({ message, event }: { message: Message; event: SystemEvent }) {
  const { t } = useTranslation('messenger');
  const text = event.code === 'number_changed' ? t('systemEvents.numberChanged', { phone: ltr(event.params.phone ?? '') }) : t('systemEvents.userIdChanged');
  return (
    <div className={classes.row} data-message-id={message._id} data-testid="message" data-kind="system">
      <span className={classes.line} role="note">
        {text}
      </span>
    </div>
  );
});
