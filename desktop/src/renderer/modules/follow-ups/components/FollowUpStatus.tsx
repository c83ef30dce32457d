import { Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Chat, FollowUpRun, FollowUpRunStatus, FollowUpStepLog, FollowUpStepStatus, RealtimeMessage } from '@crm/common';
import { CirclePause, CircleStop, Repeat } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useQuery } from '../../../lib/load/use-query';
import { LoadError } from '../../../ui/LoadError';
import { followUpRunReasonText, followUpStepReasonText } from '../../../lib/reason-text';
import { useRealtimeStore } from '../../realtime/store';
import { formatNumber } from '../../../lib/format';
import { formatDateTime } from '../format';
import { useFollowUpsStore } from '../store';

const RUN_BADGE: Record<FollowUpRunStatus, { labelKey: string; color: string }> = {
  active: { labelKey: 'followups:status.runs.active', color: 'green' },
  completed: { labelKey: 'followups:status.runs.completed', color: 'blue' },
  stopped: { labelKey: 'followups:status.runs.stopped', color: 'gray' },
  expired: { labelKey: 'followups:status.runs.expired', color: 'orange' },
};

const STEP_KEYS: Record<FollowUpStepStatus, string> = {
  scheduled: 'followups:status.steps.scheduled',
  sending: 'followups:status.steps.sending',
  sent: 'followups:status.steps.sent',
  failed: 'followups:status.steps.failed',
  unknown: 'followups:status.steps.unknown',
  cancelled: 'followups:status.steps.cancelled',
  expired: 'followups:status.steps.expired',
  skipped: 'followups:status.steps.skipped',
};

export interface FollowUpStatusProps {
  contactId: string;
  /** Only the active sequence (chat panel); without it the whole log of the contact's sequences (profile). */
  activeOnly?: boolean;
  /** Called after a stop, e.g. to refresh the contact's hasActiveFollowUp. */
  onStopped?: (run: FollowUpRun) => void;
}

/**
 * A contact's follow-up sequences: the active one with a Stop button (and why it waits, while
 * WhatsApp is disconnected), and each run's log: step, scheduled time, sent time or why not.
 * Refreshes itself when the contact's chat or a follow-up message of it changes (realtime).
 */
export function FollowUpStatus({ contactId, activeOnly = false, onStopped }: FollowUpStatusProps) {
  const { t } = useTranslation('followups');
  const runs = useFollowUpsStore((state) => state.runs[contactId]);
  const loadRuns = useFollowUpsStore((state) => state.loadRuns);
  const stop = useFollowUpsStore((state) => state.stop);
  const socket = useRealtimeStore((state) => state.socket);
  // the runs live in the module's store (starting and stopping refresh them too); this asks for them
  const query = useQuery(() => loadRuns(contactId), [contactId], { errorText: (failure) => errorMessage(failure, 'followups:status.loadFailed') });
  const { error, reload } = query;
  const [stopping, setStopping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!socket) return;
    // a burst of events (a message and its acks) reloads once
    const soon = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(reload, 300);
    };
    const onChat = (chat: Chat) => chat._id === contactId && soon();
    const onMessage = (message: RealtimeMessage) => message.contactId === contactId && (message.followUpRunId || message.direction === 'in') && soon();
    socket.on('chat:update', onChat);
    socket.on('msg:new', onMessage);
    socket.on('msg:update', onMessage);
    return () => {
      clearTimeout(timer.current);
      socket.off('chat:update', onChat);
      socket.off('msg:new', onMessage);
      socket.off('msg:update', onMessage);
    };
  }, [socket, contactId, reload]);

  const confirmStop = () =>
    modals.openConfirmModal({
      title: t('status.stopTitle'),
      children: <Text size="sm">{t('status.confirmStop')}</Text>,
      labels: { confirm: t('status.stopConfirm'), cancel: t('status.keepRunning') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        void (async () => {
          setStopping(true);
          try {
            const run = await stop(contactId);
            notifications.show({ color: 'green', message: t('status.stopped') });
            onStopped?.(run);
          } catch (failure) {
            notifications.show({ color: 'red', title: t('status.failedTitle'), message: errorMessage(failure, 'followups:status.stopFailed') });
            reload();
          } finally {
            setStopping(false);
          }
        })(),
    });

  if (!runs && error) return <LoadError error={error} onRetry={reload} />;
  if (!runs) {
    return (
      <Group gap="sm" c="dimmed">
        <Loader size="xs" />
        <Text size="sm">{t('status.loading')}</Text>
      </Group>
    );
  }

  const active = runs.find((r) => r.status === 'active');
  const shown = activeOnly ? (active ? [active] : []) : runs;

  return (
    <Stack gap="md" aria-label={t('status.sectionLabel')} component="section">
      {error && <LoadError error={error} onRetry={reload} />}
      {shown.length === 0 && !activeOnly && (
        <Text size="sm" c="dimmed">
          {t('status.none')}
        </Text>
      )}
      {shown.map((run) => (
        <RunCard key={run._id} run={run} onStop={run.status === 'active' ? confirmStop : undefined} stopping={stopping} />
      ))}
    </Stack>
  );
}

function RunCard({ run, onStop, stopping }: { run: FollowUpRun; onStop?: () => void; stopping: boolean }) {
  const { t } = useTranslation('followups');
  const badge = RUN_BADGE[run.status];
  const sent = run.steps.filter((s) => s.status === 'sent').length;
  // worded from their codes in the user's language; runs logged before codes show the server's text
  const pausedReason = followUpRunReasonText(run.pausedReason, run.pausedReasonCode, run.pausedReasonParams);
  const stopReason = followUpRunReasonText(run.stopReason, run.stopReasonCode, run.stopReasonParams);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={t('status.runLabel', { name: run.templateName })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Repeat size={16} aria-hidden />
            <Title order={3} size="h5">
              {run.templateName}
            </Title>
            <Badge color={badge.color} variant="light">
              {t(badge.labelKey)}
            </Badge>
          </Group>
          {onStop && (
            <Button size="xs" color="red" variant="light" leftSection={<CircleStop size={14} aria-hidden />} onClick={onStop} loading={stopping}>
              {t('status.stop')}
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {run.startedBy ? t('status.startedAtBy', { at: formatDateTime(run.startedAt), name: run.startedBy.name }) : t('status.startedAt', { at: formatDateTime(run.startedAt) })}
          {' · '}
          {t('status.sentOf', { sent: formatNumber(sent), total: formatNumber(run.steps.length) })}
          {run.endedAt && (
            <>
              {' · '}
              {t('status.endedAt', { at: formatDateTime(run.endedAt) })}
            </>
          )}
        </Text>
        {pausedReason && (
          <Alert color="yellow" variant="light" icon={<CirclePause size={16} />} p="xs">
            <Text size="sm">{pausedReason}</Text>
          </Alert>
        )}
        {stopReason && <Text size="sm">{stopReason}</Text>}
        <Table striped withTableBorder fz="sm" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('status.columns.step')}</Table.Th>
              <Table.Th>{t('status.columns.scheduled')}</Table.Th>
              <Table.Th>{t('status.columns.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.steps.map((step) => (
              <Table.Tr key={step.step}>
                <Table.Td>{formatNumber(step.step)}</Table.Td>
                <Table.Td>{formatDateTime(step.scheduledAt)}</Table.Td>
                <Table.Td>
                  <StepOutcome step={step} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function StepOutcome({ step }: { step: FollowUpStepLog }) {
  const { t } = useTranslation('followups');
  const reason = followUpStepReasonText(step);
  if (step.status === 'sent') return <Text size="sm">{t('status.sentAt', { at: formatDateTime(step.sentAt) })}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={step.status === 'failed' ? 600 : undefined} c={step.status === 'failed' ? 'red' : undefined}>
        {t(STEP_KEYS[step.status])}
      </Text>
      {reason && (
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      )}
    </Stack>
  );
}
