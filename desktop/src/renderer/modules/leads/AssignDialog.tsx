import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserSummary } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contactsApi } from '../contacts/api';
import { errorMessage } from '../../lib/error-message';
import type { Query } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';

interface AssignDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The leads to assign. */
  leadIds: readonly string[];
  /** The list to pick from; a failed load shows its error and Retry in place of "no sales users". */
  salesUsers: Pick<Query<UserSummary[]>, 'data' | 'error' | 'reload'>;
  /** After a success: clear the selection and reload. */
  onAssigned: () => void;
}

/** 'Assign to Sales' for one lead or, in bulk, for the selected ones. */
export function AssignDialog({ opened, onClose, leadIds, salesUsers: salesUsersQuery, onAssigned }: AssignDialogProps) {
  const { t } = useTranslation('leads');
  const salesUsers = salesUsersQuery.data ?? [];
  const [salesId, setSalesId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (opened) {
      setSalesId('');
      setProblem(null);
    }
  }, [opened]);

  const confirm = async () => {
    if (leadIds.length === 0) return setProblem(t('assign.noLeads'));
    if (!salesId) return setProblem(t('assign.pickSalesPerson'));
    setProblem(null);
    setSaving(true);
    try {
      const result = await contactsApi.assignBulk({ leadIds: [...leadIds], salesId });
      notifications.show({ color: 'green', title: t('assign.successTitle'), message: result?.message || t('assign.success') });
      onAssigned();
    } catch (error) {
      notifications.show({ color: 'red', title: t('assign.failureTitle'), message: t('assign.failureMessage', { message: errorMessage(error, 'leads:assign.failure', { list: true }) }) });
    } finally {
      setSaving(false);
      // Spec: success or failure, the dialog closes.
      onClose();
    }
  };

  const options =
    salesUsers.length > 0
      ? [{ value: '', label: t('assign.choose') }, ...salesUsers.map((user) => ({ value: user._id, label: user.name }))]
      : [{ value: '', label: t('assign.noSalesUsers'), disabled: true }];

  return (
    <Modal opened={opened} onClose={onClose} title={t('assign.title')} size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('assign.selected', { count: leadIds.length })}
        </Text>
        {problem && (
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <NativeSelect
          label={t('assign.salesPerson')}
          data={options}
          value={salesId}
          onChange={(event) => {
            setSalesId(event.currentTarget.value);
            setProblem(null);
          }}
          disabled={salesUsers.length === 0}
          data-autofocus
        />
        {salesUsersQuery.error && <LoadError compact error={salesUsersQuery.error} onRetry={salesUsersQuery.reload} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('assign.cancel')}
          </Button>
          <Button onClick={() => void confirm()} loading={saving}>
            {t('assign.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
