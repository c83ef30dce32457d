import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { labelsApi } from './api';
import { LabelPicker } from './LabelPicker';

interface BulkLabelsDialogProps {
  opened: boolean;
  onClose: () => void;
  contactIds: string[];
  /** After the labels were changed (the list reloads and drops its selection). */
  onDone: () => void;
}

/** Puts labels on and/or takes labels off the selected contacts in one go. */
export function BulkLabelsDialog({ opened, onClose, contactIds, onDone }: BulkLabelsDialogProps) {
  const { t } = useTranslation('labels');
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setAdd([]);
    setRemove([]);
    setError(null);
  }, [opened]);

  const apply = async () => {
    if (!add.length && !remove.length) {
      setError(t('bulk.chooseOne'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const { updated } = await labelsApi.bulk({ contactIds, add, remove });
      notifications.show({ color: 'green', message: t('bulk.done', { count: updated, formatted: formatNumber(updated) }) });
      onDone();
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'labels:bulk.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('bulk.title', { count: contactIds.length, formatted: formatNumber(contactIds.length) })}>
      <Stack gap="sm">
        <LabelPicker w="100%" label={t('bulk.add')} placeholder={t('bulk.choose')} value={add} onChange={(ids) => setAdd(ids.filter((id) => !remove.includes(id)))} />
        <LabelPicker w="100%" label={t('bulk.remove')} placeholder={t('bulk.choose')} value={remove} onChange={(ids) => setRemove(ids.filter((id) => !add.includes(id)))} />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('bulk.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void apply()}>
            {t('bulk.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
