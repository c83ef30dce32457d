import { Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LOST_REASON_MAX_LENGTH } from '@crm/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';

// one array for "none yet": the autocomplete treats a new array as new options
const NO_REASONS: string[] = [];

interface LostReasonDialogProps {
  dealName: string;
  /** The company's reasons (its pipeline settings); while they failed to load a reason is still typed. */
  reasons: Pick<Query<string[]>, 'data' | 'error' | 'reload'>;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Moving a deal to lost asks why: one of the company's reasons, or free text. */
export function LostReasonDialog({ dealName, reasons, onConfirm, onCancel }: LostReasonDialogProps) {
  const { t } = useTranslation('dealBoard');
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  return (
    <Modal opened onClose={onCancel} title={t('lost.title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) onConfirm(trimmed);
        }}
      >
        <Stack>
          <Text size="sm">{t('lost.deal', { name: dealName })}</Text>
          <Autocomplete
            label={t('lost.reason')}
            placeholder={t('lost.placeholder')}
            data={reasons.data ?? NO_REASONS}
            value={reason}
            onChange={setReason}
            maxLength={LOST_REASON_MAX_LENGTH}
            required
            data-autofocus
          />
          {reasons.error && <LoadError compact error={reasons.error} onRetry={reasons.reload} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('lost.cancel')}
            </Button>
            <Button type="submit" color="red" disabled={!trimmed}>
              {t('lost.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
