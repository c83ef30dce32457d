import { Alert, Anchor, Badge, Button, Group, Loader, Modal, Select, Stack, Text, Tooltip, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { followUpPreview, type FollowUpRun } from '@crm/common';
import { CircleAlert, Clock, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../../lib/error-message';
import { formatDelay } from '../format';
import { templateLabelText } from '../rules';
import { useFollowUpsStore } from '../store';

export interface StartFollowUpButtonProps {
  contactId: string;
  /** The contact's `hasActiveFollowUp`: the button is disabled while a sequence runs (one at a time). */
  hasActiveFollowUp?: boolean;
  /** Called with the new run after the server started it. */
  onStarted?: (run: FollowUpRun) => void;
  /** Look of the button (the chat panel's toolbar may want `variant="subtle" size="xs"`). */
  buttonProps?: ButtonProps;
  /** Button text (default 'Start follow-up'); icon-only toolbars can pass an empty string and rely on the aria-label. */
  label?: string;
}

/**
 * The chat panel's "start follow-up": a template picker, then the
 * confirmation 'Are you sure you want to start this automated follow-up sequence?' in the same
 * dialog (one dialog, never two stacked), then
 * POST /contacts/{id}/follow-up/start. Success alerts 'Follow-up sequence started successfully!';
 * a failure shows the server's text, else 'Failed to start the sequence.'.
 */
export function StartFollowUpButton({ contactId, hasActiveFollowUp = false, onStarted, buttonProps, label }: StartFollowUpButtonProps) {
  const { t } = useTranslation('followups');
  const { templates, status, error, loadTemplates, start } = useFollowUpsStore();
  const [opened, setOpened] = useState(false);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  /** The second step in the same dialog (never two dialogs stacked): 'Are you sure…?'. */
  const [confirming, setConfirming] = useState(false);
  const chosen = templates.find((template) => template._id === templateId) ?? null;

  const open = () => {
    setTemplateId(null);
    setConfirming(false);
    setOpened(true);
    void loadTemplates({ force: true });
  };

  const confirmStart = () => {
    if (chosen) setConfirming(true);
  };

  const startChosen = async () => {
    if (!chosen) return;
    setStarting(true);
    try {
      const run = await start(contactId, chosen._id);
      setOpened(false);
      notifications.show({ color: 'green', message: t('rules.started') });
      onStarted?.(run);
    } catch (failure) {
      setConfirming(false);
      notifications.show({ color: 'red', title: t('start.failedTitle'), message: errorMessage(failure, 'followups:rules.startFailed') });
    } finally {
      setStarting(false);
    }
  };

  const button = (
    <Button variant="light" leftSection={<Repeat size={16} aria-hidden />} aria-label={t('start.button')} disabled={hasActiveFollowUp} onClick={open} {...buttonProps}>
      {label ?? t('start.button')}
    </Button>
  );

  return (
    <>
      {hasActiveFollowUp ? (
        <Tooltip label={t('start.alreadyRunning')}>
          <span>{button}</span>
        </Tooltip>
      ) : (
        button
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title={confirming ? t('start.confirmTitle') : t('start.modalTitle')} size="md">
        {confirming ? (
          <Stack gap="md">
            <Text size="sm">{t('rules.confirmStart')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={starting}>
                {t('start.cancel')}
              </Button>
              <Button onClick={() => void startChosen()} loading={starting} data-autofocus>
                {t('start.confirm')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            {status === 'loading' && templates.length === 0 && (
              <Group gap="sm" c="dimmed">
                <Loader size="sm" />
                <Text size="sm">{t('loading')}</Text>
              </Group>
            )}
            {status === 'error' && (
              <Alert color="red" variant="light" icon={<CircleAlert size={18} />}>
                {error ?? t('rules.loadFailed')}
              </Alert>
            )}
            {status === 'ready' && templates.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('rules.empty')}{' '}
                <Anchor component={Link} to="/follow-up-templates" onClick={() => setOpened(false)}>
                  {t('start.createOne')}
                </Anchor>
              </Text>
            )}
            {templates.length > 0 && (
              <Select
                label={t('start.template')}
                placeholder={t('start.choose')}
                searchable
                data={templates.map((template) => ({ value: template._id, label: t('start.option', { name: template.name, label: templateLabelText(template.createdBy) }) }))}
                value={templateId}
                onChange={setTemplateId}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {chosen && (
              <Stack gap={6} component="ol" aria-label={t('start.stepsLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {chosen.messages.map((step, i) => (
                  <Group key={i} gap="xs" wrap="nowrap" align="flex-start" component="li">
                    <Badge variant="outline" color="gray" leftSection={<Clock size={12} aria-hidden />} style={{ flexShrink: 0 }}>
                      {i === 0 ? t('start.after', { delay: formatDelay(step.delay) }) : t('start.then', { delay: formatDelay(step.delay) })}
                    </Badge>
                    <Text size="sm" dir="auto">
                      {followUpPreview(step.message)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            )}
            <Text size="xs" c="dimmed">
              {t('start.stopsOnReply')}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('start.cancel')}
              </Button>
              <Button onClick={confirmStart} disabled={!chosen}>
                {t('start.startSequence')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
