import { Text } from '@mantine/core';
import { displayPhone } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { Ltr } from './Ltr';

/**
 * A contact's phone: the number, left to right, or — for a contact WhatsApp knows only by an id
 * (`lid:…`, `user:…`) — a muted "No number yet". Never a call or WhatsApp link for the second.
 */
export function ContactPhone({ phone }: { phone: string | null | undefined }) {
  const { t } = useTranslation('common');
  const number = displayPhone(phone);
  if (number) return <Ltr>{number}</Ltr>;
  return (
    <Text component="span" inherit c="dimmed" fs="italic">
      {t('contactPhone.noNumber')}
    </Text>
  );
}

/**
 * What names a contact in a title or a sentence: its name, else its number, else "No number yet"
 * (never a `lid:`/`user:` placeholder), in the current language.
 */
export function contactLabel(name: string | null | undefined, phone: string | null | undefined): string {
  return name?.trim() || displayPhone(phone) || i18n.t('common:contactPhone.noNumber');
}
