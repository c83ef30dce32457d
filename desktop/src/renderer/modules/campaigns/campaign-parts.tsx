import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { Campaign, CampaignPauseReason, CampaignStatus, RecipientStatus } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/* The values as catalogue keys, written out: the key checks read the sources. */
export const CAMPAIGN_STATUS_KEYS = {
  draft: 'campaigns:status.draft',
  scheduled: 'campaigns:status.scheduled',
  running: 'campaigns:status.running',
  paused: 'campaigns:status.paused',
  completed: 'campaigns:status.completed',
  cancelled: 'campaigns:status.cancelled',
} as const satisfies Record<CampaignStatus, string>;
export const RECIPIENT_STATUS_KEYS = {
  pending: 'campaigns:recipientStatus.pending',
  sending: 'campaigns:recipientStatus.sending',
  sent: 'campaigns:recipientStatus.sent',
  delivered: 'campaigns:recipientStatus.delivered',
  read: 'campaigns:recipientStatus.read',
  replied: 'campaigns:recipientStatus.replied',
  failed: 'campaigns:recipientStatus.failed',
  skipped: 'campaigns:recipientStatus.skipped',
} as const satisfies Record<RecipientStatus, string>;
export const PAUSE_REASON_KEYS = {
  manual: 'campaigns:pausedReason.manual',
  failures: 'campaigns:pausedReason.failures',
  whatsapp_disconnected: 'campaigns:pausedReason.whatsapp_disconnected',
} as const satisfies Record<CampaignPauseReason, string>;
const REASON_KEYS: Record<string, string> = {
  opted_out: 'campaigns:reason.opted_out',
  duplicate_number: 'campaigns:reason.duplicate_number',
  cancelled: 'campaigns:reason.cancelled',
  window_closed: 'campaigns:reason.window_closed',
  unknown: 'campaigns:reason.unknown',
};

const STATUS_COLOURS: Record<CampaignStatus, string> = { draft: 'gray', scheduled: 'blue', running: 'green', paused: 'orange', completed: 'teal', cancelled: 'red' };
const RECIPIENT_COLOURS: Record<RecipientStatus, string> = { pending: 'gray', sending: 'blue', sent: 'blue', delivered: 'cyan', read: 'teal', replied: 'green', failed: 'red', skipped: 'yellow' };

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(CAMPAIGN_STATUS_KEYS[status])}
    </Badge>
  );
}

export function RecipientStatusBadge({ status }: { status: RecipientStatus }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={RECIPIENT_COLOURS[status]} variant="light" size="sm">
      {t(RECIPIENT_STATUS_KEYS[status])}
    </Badge>
  );
}

/** Recipients done (any outcome) out of all of them. */
export const doneOf = (c: Campaign['counts']) => c.total - c.pending;

export function CampaignProgress({ counts }: { counts: Campaign['counts'] }) {
  const { t } = useTranslation('campaigns');
  const done = doneOf(counts);
  const value = counts.total ? Math.round((done / counts.total) * 100) : 0;
  return (
    <Stack gap={4}>
      <Progress value={value} aria-label={t('detail.progress', { done: formatNumber(done), total: formatNumber(counts.total) })} />
      <Text size="xs" c="dimmed">
        {t('detail.progress', { done: formatNumber(done), total: formatNumber(counts.total) })}
      </Text>
    </Stack>
  );
}

/** Why a recipient failed or was skipped, in the user's language. */
export function useRecipientReason() {
  const { t } = useTranslation('campaigns');
  return (reason: string | null) => {
    if (!reason) return '';
    const key = REASON_KEYS[reason];
    if (key) return t(key);
    return t('reason.other', { code: reason });
  };
}
