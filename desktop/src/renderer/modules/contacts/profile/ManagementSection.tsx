import { Button, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { allowedNextStages, STAGE_ACTION_LABELS, STAGE_HISTORY_SHOWN, type Contact, type ContactStage } from '@crm/common';
import { ArrowRightLeft, History } from 'lucide-react';
import { formatDateTime } from '../../../lib/format';

/** Stage buttons per the shared stage rule, the last 5 stage changes newest first, and the created date. */
export function ManagementSection({ contact, busy, onChangeStage }: { contact: Contact; busy: boolean; onChangeStage: (to: ContactStage) => void }) {
  const stage = contact.stage || 'lead';
  const history = [...(contact.stageHistory ?? [])]
    .sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
    .slice(0, STAGE_HISTORY_SHOWN);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Stage
        </Title>
        <Group gap="sm">
          {allowedNextStages(stage).map((to) => (
            <Button
              key={to}
              variant={to === 'lead' ? 'default' : 'filled'}
              leftSection={<ArrowRightLeft size={16} aria-hidden />}
              onClick={() => onChangeStage(to)}
              disabled={busy}
            >
              {STAGE_ACTION_LABELS[to]}
            </Button>
          ))}
        </Group>
      </Stack>

      <Stack gap="xs">
        <Group gap="xs">
          <History size={16} aria-hidden />
          <Title order={3} size="h5">
            Stage History
          </Title>
        </Group>
        {history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No stage changes yet.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2} active={0} aria-label="Stage history">
            {history.map((entry) => (
              <Timeline.Item
                key={entry._id}
                title={
                  <Text size="sm" fw={600}>
                    {/* the first row of every contact comes from nothing: how it was created */}
                    {entry.from ? `${entry.from} → ${entry.to}` : `Created as ${entry.to}`}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.timestamp)}
                  {entry.changedBy ? ` · by ${entry.changedBy.name}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>

      <Text size="sm" c="dimmed">
        Created: {formatDateTime(contact.createdAt)}
      </Text>
    </Stack>
  );
}
