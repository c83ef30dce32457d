import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserSummary } from '@crm/common';
import { CircleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { contactsApi } from '../contacts/api';
import { listErrorText } from '../../lib/api';

interface AssignDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The leads to assign. */
  leadIds: readonly string[];
  salesUsers: readonly UserSummary[];
  /** After a success: clear the selection and reload. */
  onAssigned: () => void;
}

export const ASSIGN_TEXTS = {
  pickSalesPerson: 'Please select a sales person.',
  noLeads: 'No leads selected.',
  success: 'Leads assigned successfully!',
  failure: 'Failed to assign leads.',
} as const;

/** spec/core.md §2 'Assign to Sales' and §8 "Bulk assign". */
export function AssignDialog({ opened, onClose, leadIds, salesUsers, onAssigned }: AssignDialogProps) {
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
    if (leadIds.length === 0) return setProblem(ASSIGN_TEXTS.noLeads);
    if (!salesId) return setProblem(ASSIGN_TEXTS.pickSalesPerson);
    setProblem(null);
    setSaving(true);
    try {
      const result = await contactsApi.assignBulk({ leadIds: [...leadIds], salesId });
      notifications.show({ color: 'green', title: 'Leads assigned', message: result?.message || ASSIGN_TEXTS.success });
      onAssigned();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Assignment failed', message: `Error: ${listErrorText(error, ASSIGN_TEXTS.failure)}` });
    } finally {
      setSaving(false);
      // Spec: success or failure, the dialog closes.
      onClose();
    }
  };

  const options =
    salesUsers.length > 0
      ? [{ value: '', label: '-- Select --' }, ...salesUsers.map((user) => ({ value: user._id, label: user.name }))]
      : [{ value: '', label: 'No sales users found', disabled: true }];

  return (
    <Modal opened={opened} onClose={onClose} title="Assign to Sales" size="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {leadIds.length === 1 ? '1 lead selected.' : `${leadIds.length} leads selected.`}
        </Text>
        {problem && (
          <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        <NativeSelect
          label="Sales person"
          data={options}
          value={salesId}
          onChange={(event) => {
            setSalesId(event.currentTarget.value);
            setProblem(null);
          }}
          disabled={salesUsers.length === 0}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} loading={saving}>
            Confirm Assignment
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
