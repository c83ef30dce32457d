import type { ForceLogoutEvent, SessionEndReason } from '@crm/common';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n, useLocaleStore } from '../../i18n';

/** Each way a session ends, worded in the user's language (keys written out for the key checks). */
const REASON_KEYS: Record<SessionEndReason, string> = {
  logout: 'layout:forceLogout.reasons.logout',
  expired: 'layout:forceLogout.reasons.expired',
  deactivated: 'layout:forceLogout.reasons.deactivated',
  suspended: 'layout:forceLogout.reasons.suspended',
  subscription_expired: 'layout:forceLogout.reasons.subscription_expired',
  role_changed: 'layout:forceLogout.reasons.role_changed',
  password_changed: 'layout:forceLogout.reasons.password_changed',
  account_deleted: 'layout:forceLogout.reasons.account_deleted',
  company_deleted: 'layout:forceLogout.reasons.company_deleted',
};

/**
 * The reason shown: in English the server's own text (it names the case precisely); in another
 * language the catalogue's text for the reason, else the server's text.
 */
export function forceLogoutReason({ message, reason }: Partial<ForceLogoutEvent>): string {
  const key = reason ? REASON_KEYS[reason] : undefined;
  if (useLocaleStore.getState().language === 'en' && message) return message;
  return key ? i18n.t(key) : (message ?? '');
}

/** A force_logout event shows this alert and logs the user out. */
export function showForceLogoutAlert(event: Partial<ForceLogoutEvent>): void {
  const id = modals.open({
    title: i18n.t('layout:forceLogout.title'),
    closeOnClickOutside: false,
    children: (
      <Stack gap="md">
        <Text>{i18n.t('layout:forceLogout.text', { reason: forceLogoutReason(event) })}</Text>
        <Button onClick={() => modals.close(id)} autoFocus>
          {i18n.t('layout:forceLogout.ok')}
        </Button>
      </Stack>
    ),
  });
}
