import { ActionIcon, Checkbox, ColorSwatch, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Tag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { labelsApi } from './api';
import { LabelChips } from './LabelChips';
import { useLabels } from './store';

interface ContactLabelsProps {
  contactId: string;
  /** The contact's name, for what a screen reader hears on the button. */
  name: string;
  /** After the labels changed (the host refreshes what shows them). */
  onChange?: (labelIds: string[]) => void;
  /** Show at most this many chips and '+n' for the rest (the chat header). */
  max?: number;
}

/**
 * A contact's labels as chips, and a tag button that opens the company's labels as checkboxes:
 * each tick puts the label on or takes it off at once (chat header, contact profile).
 */
export function ContactLabels({ contactId, name, onChange, max }: ContactLabelsProps) {
  const { t } = useTranslation('labels');
  const labels = useLabels();
  const query = useQuery((signal) => labelsApi.ofContact(contactId, signal).then((list) => list.map((l) => l._id)), [contactId], {
    errorText: (failure) => errorMessage(failure, 'labels:loadFailed'),
  });
  const { setData: setIds } = query;
  // null until this contact's own labels are here: a tick on a list that failed (or is the previous
  // contact's) would save over the labels the contact really has
  const ids = query.loading ? null : query.data;
  const [saving, setSaving] = useState(false);

  const toggle = async (labelId: string, on: boolean) => {
    if (!ids) return;
    const before = ids;
    const next = on ? [...before, labelId] : before.filter((id) => id !== labelId);
    setIds(next);
    setSaving(true);
    try {
      const saved = (await labelsApi.setOnContact(contactId, next)).map((l) => l._id);
      setIds(saved);
      onChange?.(saved);
    } catch (failure) {
      setIds(before);
      notifications.show({ color: 'red', title: t('picker.failedTitle'), message: errorMessage(failure, 'labels:picker.failed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Group gap={6} wrap="nowrap" miw={0} data-testid="contact-labels">
      {query.error ? <LoadError compact error={query.error} onRetry={query.reload} /> : <LabelChips labelIds={ids ?? []} max={max} size="sm" />}
      <Popover position="bottom-end" shadow="md" width={240} trapFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('picker.open', { name })} disabled={ids === null}>
            {query.loading ? <Loader size={14} /> : <Tag size={18} aria-hidden />}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" role="group" aria-label={t('picker.title', { name })}>
            <Text size="sm" fw={600}>
              {t('picker.heading')}
            </Text>
            {labels.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('picker.none')}
              </Text>
            )}
            {labels.map((label) => (
              <Checkbox
                key={label._id}
                disabled={saving}
                checked={ids?.includes(label._id) ?? false}
                onChange={(event) => void toggle(label._id, event.currentTarget.checked)}
                label={
                  <Group gap={6} wrap="nowrap">
                    <ColorSwatch color={label.colour} size={12} aria-hidden />
                    <bdi>{label.name}</bdi>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
