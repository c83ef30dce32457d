import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Select, Stack, Text, Tooltip, type ButtonProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { FOLLOW_UP_TEXTS, followUpPreview, followUpTemplateLabel, type FollowUpRun } from '@crm/common';
import { CircleAlert, Clock, Repeat } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText } from '../../../lib/api';
import { formatDelay } from '../format';
import { useFollowUpsStore } from '../store';

export interface StartFollowUpButtonProps {
  contactId: string;
  /** The contact's `hasActiveFollowUp`: the button is disabled while a sequence runs (one at a time). */
  hasActiveFollowUp?: boolean;
  /** Called with the new run after the server started it. */
  onStarted?: (run: FollowUpRun) => void;
  /** Look of the button (the chat panel's toolbar may want `variant="subtle" size="xs"`). */
  buttonProps?: ButtonProps;
  /** Button text; icon-only toolbars can pass an empty string and rely on the aria-label. */
  label?: string;
}

/**
 * The chat panel's "start follow-up" (spec/core.md §2, §5, §8): a template picker, then the
 * confirmation 'Are you sure you want to start this automated follow-up sequence?', then
 * POST /contacts/{id}/follow-up/start. Success alerts 'Follow-up sequence started successfully!';
 * a failure shows the server's text, else 'Failed to start the sequence.'.
 */
export function StartFollowUpButton({ contactId, hasActiveFollowUp = false, onStarted, buttonProps, label = 'Start follow-up' }: StartFollowUpButtonProps) {
  const { templates, status, error, loadTemplates, start } = useFollowUpsStore();
  const [opened, setOpened] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const chosen = templates.find((t) => t._id === templateId) ?? null;

  const open = () => {
    setTemplateId(null);
    setOpened(true);
    void loadTemplates({ force: true });
  };

  const confirmStart = () => {
    if (!chosen) return;
    modals.openConfirmModal({
      title: 'Start follow-up',
      children: <Text size="sm">{FOLLOW_UP_TEXTS.confirmStart}</Text>,
      labels: { confirm: 'Start', cancel: 'Cancel' },
      onConfirm: async () => {
        setStarting(true);
        try {
          const run = await start(contactId, chosen._id);
          setOpened(false);
          notifications.show({ color: 'green', message: FOLLOW_UP_TEXTS.started });
          onStarted?.(run);
        } catch (failure) {
          notifications.show({ color: 'red', title: 'Follow-up', message: errorText(failure, FOLLOW_UP_TEXTS.startFailed) });
        } finally {
          setStarting(false);
        }
      },
    });
  };

  const button = (
    <Button variant="light" leftSection={<Repeat size={16} aria-hidden />} aria-label="Start follow-up" disabled={hasActiveFollowUp} onClick={open} {...buttonProps}>
      {label}
    </Button>
  );

  return (
    <>
      {hasActiveFollowUp ? (
        <Tooltip label="A follow-up sequence is already running for this contact">
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Start a follow-up sequence" size="md">
        <Stack gap="md">
          {status === 'loading' && templates.length === 0 && (
            <Group gap="sm" c="dimmed">
              <Loader size="sm" />
              <Text size="sm">Loading templates...</Text>
            </Group>
          )}
          {status === 'error' && (
            <Alert color="red" variant="light" icon={<CircleAlert size={18} />}>
              {error ?? FOLLOW_UP_TEXTS.loadFailed}
            </Alert>
          )}
          {status === 'ready' && templates.length === 0 && (
            <Text size="sm" c="dimmed">
              {FOLLOW_UP_TEXTS.empty}{' '}
              <Anchor component={Link} to="/follow-up-templates" onClick={() => setOpened(false)}>
                Create one
              </Anchor>
            </Text>
          )}
          {templates.length > 0 && (
            <Select
              label="Follow-up template"
              placeholder="Choose a template"
              searchable
              data={templates.map((t) => ({ value: t._id, label: `${t.name} (${followUpTemplateLabel(t.createdBy)})` }))}
              value={templateId}
              onChange={setTemplateId}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {chosen && (
            <Stack gap={6} component="ol" aria-label="Steps of the template" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {chosen.messages.map((step, i) => (
                <Group key={i} gap="xs" wrap="nowrap" align="flex-start" component="li">
                  <Badge variant="outline" color="gray" leftSection={<Clock size={12} aria-hidden />} style={{ flexShrink: 0 }}>
                    {i === 0 ? `after ${formatDelay(step.delay)}` : `+${formatDelay(step.delay)}`}
                  </Badge>
                  <Text size="sm" dir="auto">
                    {followUpPreview(step.message)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <Text size="xs" c="dimmed">
            The sequence stops by itself when the contact replies.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button onClick={confirmStart} disabled={!chosen} loading={starting}>
              Start Sequence
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
