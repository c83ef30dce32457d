import { Stack, Text, Timeline, Title } from '@mantine/core';
import type { ShippingHistoryEntry } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { SHIPPING_STATUS_KEYS } from '../labels';
import { formatDateTime } from '../../../lib/format';

/**
 * The deal's last shipping status changes, newest first: a user's, with who made it, or the
 * customer's answer to the cash-on-delivery confirmation, said as such.
 */
export function ShippingHistory({ entries }: { entries: ShippingHistoryEntry[] }) {
  const { t } = useTranslation('contacts');
  if (!entries.length) return null;
  const status = (s: ShippingHistoryEntry['to']) => (s ? t(SHIPPING_STATUS_KEYS[s]) : t('management.shippingNone'));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('management.shippingHistory')}
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={0} aria-label={t('management.shippingHistory')}>
        {entries.map((entry) => (
          <Timeline.Item
            key={entry._id}
            title={
              <Text size="sm" fw={600}>
                {entry.from ? t('management.move', { from: status(entry.from), to: status(entry.to) }) : t('management.shippingSet', { status: status(entry.to) })}
              </Text>
            }
          >
            {entry.reason === 'order_confirmed' && <Text size="xs">{t('management.orderConfirmed')}</Text>}
            {entry.reason === 'order_cancelled' && <Text size="xs">{t('management.orderCancelled')}</Text>}
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.timestamp)}
              {entry.changedBy ? t('management.by', { name: entry.changedBy.name }) : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
