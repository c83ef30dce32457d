import { Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { allowedNextStages, STAGE_HISTORY_SHOWN, type Contact, type ContactStage } from '@crm/common';
import { ArrowRightLeft, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PIPELINE_STATUS_KEYS, STAGE_ACTION_KEYS, STAGE_KEYS } from '../labels';
import { formatDateTime } from '../../../lib/format';
import { ShippingHistory } from './ShippingHistory';

/**
 * Stage buttons per the shared stage rule, the last 5 stage changes newest first, the deal's last 5
 * pipeline moves (from any screen: the profile, the board), its shipping status changes, and the
 * created date.
 */
export function ManagementSection({ contact, busy, onChangeStage }: { contact: Contact; busy: boolean; onChangeStage: (to: ContactStage) => void }) {
  const { t } = useTranslation('contacts');
  const stage = contact.stage || 'lead';
  const history = [...(contact.stageHistory ?? [])].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, STAGE_HISTORY_SHOWN);
  const moves = contact.pipelineHistory ?? [];

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('management.stage')}
        </Title>
        <Group gap="sm">
          {allowedNextStages(stage).map((to) => (
            <Button key={to} variant={to === 'lead' ? 'default' : 'filled'} leftSection={<ArrowRightLeft size={16} aria-hidden />} onClick={() => onChangeStage(to)} disabled={busy}>
              {t(STAGE_ACTION_KEYS[to])}
            </Button>
          ))}
        </Group>
      </Stack>

      <Stack gap="xs">
        <Group gap="xs">
          <History size={16} aria-hidden />
          <Title order={3} size="h5">
            {t('management.history')}
          </Title>
        </Group>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('management.noHistory')}
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={0} aria-label={t('management.historyLabel')}>
            {history.map((entry) => (
              <Timeline.Item
                key={entry._id}
                title={
                  <Text size="sm" fw={600}>
                    {/* the first row of every contact comes from nothing: how it was created */}
                    {entry.from ? t('management.move', { from: t(STAGE_KEYS[entry.from]), to: t(STAGE_KEYS[entry.to]) }) : t('management.createdAs', { stage: t(STAGE_KEYS[entry.to]) })}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.timestamp)}
                  {entry.changedBy ? t('management.by', { name: entry.changedBy.name }) : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>

      {moves.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('management.pipelineHistory')}
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={0} aria-label={t('management.pipelineHistory')}>
            {moves.map((entry) => (
              <Timeline.Item
                key={entry._id}
                title={
                  <Text size="sm" fw={600}>
                    {entry.from
                      ? t('management.move', { from: t(PIPELINE_STATUS_KEYS[entry.from]), to: t(PIPELINE_STATUS_KEYS[entry.to]) })
                      : t('management.dealOpened', { status: t(PIPELINE_STATUS_KEYS[entry.to]) })}
                  </Text>
                }
              >
                {entry.lostReason && <Text size="xs">{t('management.lostReason', { reason: entry.lostReason })}</Text>}
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.timestamp)}
                  {entry.changedBy ? t('management.by', { name: entry.changedBy.name }) : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}

      <ShippingHistory entries={contact.shippingHistory ?? []} />

      {(contact.handOvers ?? []).length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('management.handOvers')}
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={0} aria-label={t('management.handOvers')}>
            {(contact.handOvers ?? []).map((entry) => (
              <Timeline.Item
                key={entry._id}
                title={
                  <Text size="sm" fw={600}>
                    {t('management.handedOver', { from: entry.from?.name ?? t('management.nobody'), to: entry.to?.name ?? t('management.nobody') })}
                  </Text>
                }
              >
                {entry.note && <Text size="xs">{t('management.handOverNote', { note: entry.note })}</Text>}
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.timestamp)}
                  {entry.changedBy ? t('management.by', { name: entry.changedBy.name }) : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}

      <Text size="sm" c="dimmed">
        {t('management.created', { date: formatDateTime(contact.createdAt) })}
      </Text>
    </Stack>
  );
}
