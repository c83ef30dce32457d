import { Badge, Group, Stack, Text } from '@mantine/core';
import type { OrderConfirmation, OrderConfirmationStatus } from '@crm/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { orderConfirmationsApi } from './api';

const COLOURS: Record<OrderConfirmationStatus, string> = { scheduled: 'gray', open: 'blue', confirmed: 'green', cancelled: 'red', expired: 'orange', withdrawn: 'gray' };
// keys written out for the key checks (docs/i18n.md)
const STATUS_KEYS: Record<OrderConfirmationStatus, string> = {
  scheduled: 'orderConfirmations:status.scheduled',
  open: 'orderConfirmations:status.open',
  confirmed: 'orderConfirmations:status.confirmed',
  cancelled: 'orderConfirmations:status.cancelled',
  expired: 'orderConfirmations:status.expired',
  withdrawn: 'orderConfirmations:status.withdrawn',
};

/** The profile's deal section: where the contact's order confirmation stands. Nothing when none was asked. */
export function OrderConfirmationBadge({ contactId }: { contactId: string }) {
  const { t } = useTranslation('orderConfirmations');
  const [confirmation, setConfirmation] = useState<OrderConfirmation | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setConfirmation(null);
    // one the user cannot read simply shows nothing
    orderConfirmationsApi.ofContact(contactId, controller.signal).then(
      (r) => setConfirmation(r.confirmation),
      () => undefined,
    );
    return () => controller.abort();
  }, [contactId]);

  if (!confirmation) return null;
  // the confirmation's own history, newest last: when it was sent, reminded and answered
  const events = [
    confirmation.sentAt && t('history.sent', { at: formatDateTime(confirmation.sentAt) }),
    confirmation.remindedAt && t('history.reminded', { at: formatDateTime(confirmation.remindedAt) }),
    confirmation.answeredAt &&
      (confirmation.status === 'confirmed' ? t('history.confirmed', { at: formatDateTime(confirmation.answeredAt) }) : t('history.cancelled', { at: formatDateTime(confirmation.answeredAt) })),
  ].filter((e): e is string => !!e);
  return (
    <Stack gap={4} aria-label={t('badge.label')} role="group">
      <Group gap="xs">
        <Text size="sm">{t('badge.label')}</Text>
        <Badge color={COLOURS[confirmation.status]} variant="light">
          {t(STATUS_KEYS[confirmation.status])}
        </Badge>
      </Group>
      {events.map((event) => (
        <Text key={event} size="xs" c="dimmed">
          {event}
        </Text>
      ))}
    </Stack>
  );
}
