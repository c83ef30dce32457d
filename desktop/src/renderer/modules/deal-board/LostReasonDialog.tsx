import { Autocomplete, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { LOST_REASON_MAX_LENGTH } from '@crm/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Moving a deal to lost asks why: one of the company's reasons, or free text. */
export function LostReasonDialog({ dealName, reasons, onConfirm, onCancel }: { dealName: string; reasons: string[]; onConfirm: (reason: string) => void; onCancel: () => void }) {
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
          <Autocomplete label={t('lost.reason')} placeholder={t('lost.placeholder')} data={reasons} value={reason} onChange={setReason} maxLength={LOST_REASON_MAX_LENGTH} required data-autofocus />
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
