import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OptOut } from '@crm/common';
import { BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../auth/use-can';
import { campaignsApi } from './api';

/**
 * In the chat header (the messenger and the contact profile): "Opted out" when the contact replied
 * an opt-out keyword (no campaigns, no follow-ups), and for admins the undo. Shows nothing otherwise.
 */
export function OptOutMark({ contactId }: { contactId: string }) {
  const { t } = useTranslation('campaigns');
  const mayUndo = useCan('campaigns.manage');
  const [optOut, setOptOut] = useState<OptOut | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setOptOut(null);
    // a contact one cannot read the mark of simply shows none
    campaignsApi.optOut(contactId, controller.signal).then(setOptOut, () => undefined);
    return () => controller.abort();
  }, [contactId]);

  if (!optOut?.optedOut) return null;
  const at = formatDateTime(optOut.at);
  const undo = async () => {
    setBusy(true);
    try {
      setOptOut(await campaignsApi.undoOptOut(contactId));
      notifications.show({ color: 'green', message: t('optOut.undone') });
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, 'campaigns:optOut.undoFailed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={optOut.keyword ? t('optOut.tooltipKeyword', { keyword: optOut.keyword, at }) : t('optOut.tooltip', { at })}>
        <Badge color="red" variant="light" size="sm" leftSection={<BellOff size={10} aria-hidden />}>
          {t('optOut.badge')}
        </Badge>
      </Tooltip>
      {mayUndo && (
        <Button size="compact-xs" variant="subtle" loading={busy} onClick={() => void undo()}>
          {t('optOut.undo')}
        </Button>
      )}
    </Group>
  );
}
