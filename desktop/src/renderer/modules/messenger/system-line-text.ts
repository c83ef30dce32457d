import type { SystemEvent } from '@crm/common';
import type { TFunction } from 'i18next';
import { ltrText } from '../../lib/ltr-text';

/**
 * A line WhatsApp wrote into a conversation (the contact changed their number, their account id
 * changed) in the reader's language, from its code: the conversation's line and the chat list's
 * preview say the same.
 */
export function systemLineText(t: TFunction, event: SystemEvent): string {
  return event.code === 'number_changed' ? t('messenger:systemEvents.numberChanged', { phone: ltrText(event.params.phone ?? '') }) : t('messenger:systemEvents.userIdChanged');
}
