import type { Message, SystemEvent } from '@crm/common';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { systemLineText } from '../system-line-text';
import classes from './SystemLine.module.css';

/**
 * A line WhatsApp wrote into the conversation (the contact changed their number, their account
 * id changed), worded in the reader's language from its code; no bubble, no actions.
 */
export const SystemLine = memo(function SystemLine({ message, event }: { message: Message; event: SystemEvent }) {
  const { t } = useTranslation();
  return (
    <div className={classes.row} data-message-id={message._id} data-testid="message" data-kind="system">
      <span className={classes.line} role="note">
        {systemLineText(t, event)}
      </span>
    </div>
  );
});
