import { Alert, Button, Card, ColorInput, Group, Loader, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Label } from '@crm/common';
import { CircleAlert, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { confirmDelete } from '../../ui/confirm-delete';
import { FormModal } from '../../ui/FormModal';
import { PageHeader } from '../../ui/PageHeader';
import { RowActions } from '../../ui/RowActions';
import { useEditModal } from '../../ui/use-edit-modal';
import { LabelChip } from './LabelChips';
import { useLabelsStore } from './store';

/** A few colours that read apart from each other in light and dark themes; any other hex colour may be typed. */
export const LABEL_PALETTE = ['#e03131', '#f08c00', '#f5c211', '#2f9e44', '#0c8599', '#1971c2', '#6741d9', '#c2255c', '#868e96', '#5c3d2e'];
const HEX = /^#[0-9a-fA-F]{6}$/;

/** Settings → Labels (admins): the company's labels, added, renamed, recoloured and deleted. */
export function LabelsSettingsPage() {
  const { t } = useTranslation('labels');
  const { items, status, error, load, remove } = useLabelsStore();
  const modal = useEditModal<Label>();

  useEffect(() => {
    void load({ force: true });
  }, [load]);

  const askDelete = (label: Label) =>
    confirmDelete({
      title: t('settings.deleteTitle'),
      message: t('settings.deleteText', { name: label.name }),
      texts: { confirm: t('settings.delete'), cancel: t('settings.cancel'), done: t('settings.deleted') },
      remove: () => remove(label._id),
      failureText: (failure) => errorMessage(failure, 'labels:settings.deleteFailed'),
      onDeleted: () => undefined,
    });

  return (
    <>
      <PageHeader
        title={t('settings.title')}
        subtitle={t('settings.subtitle')}
        actions={
          <Button leftSection={<Plus size={16} aria-hidden />} onClick={() => modal.open(null)}>
            {t('settings.add')}
          </Button>
        }
      />
      {status === 'error' && (
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />} mb="md">
          {error}
        </Alert>
      )}
      <Card padding={0}>
        <Table aria-label={t('settings.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.columns.label')}</Table.Th>
              <Table.Th>{t('settings.columns.colour')}</Table.Th>
              <Table.Th w={200}>{t('settings.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status === 'loading' && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Group gap="xs" c="dimmed">
                    <Loader size="xs" />
                    <Text size="sm">{t('settings.loading')}</Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
            {status === 'ready' && items.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text size="sm" c="dimmed">
                    {t('settings.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {items.map((label) => (
              <Table.Tr key={label._id}>
                <Table.Td>
                  <LabelChip label={label} />
                </Table.Td>
                <Table.Td dir="ltr">
                  <Text size="sm" c="dimmed" ff="monospace" span>
                    {label.colour}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowActions
                    onEdit={() => modal.open(label)}
                    onDelete={() => askDelete(label)}
                    texts={{
                      edit: t('settings.edit'),
                      editLabel: t('settings.editLabel', { name: label.name }),
                      delete: t('settings.delete'),
                      deleteLabel: t('settings.deleteLabel', { name: label.name }),
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <LabelFormModal opened={modal.opened} editing={modal.editing} onClose={modal.close} />
    </>
  );
}

/** Add or edit one label: its name and its colour (a swatch of the palette or any hex colour). */
function LabelFormModal({ opened, editing, onClose }: { opened: boolean; editing: Label | null; onClose: () => void }) {
  const { t } = useTranslation('labels');
  const { create, update } = useLabelsStore();
  const [name, setName] = useState('');
  const [colour, setColour] = useState(LABEL_PALETTE[0]!);
  const [errors, setErrors] = useState<{ name?: string; colour?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setName(editing?.name ?? '');
    setColour(editing?.colour ?? LABEL_PALETTE[0]!);
    setErrors({});
  }, [opened, editing]);

  const submit = async () => {
    const input = { name: name.trim(), colour: colour.trim().toLowerCase() };
    const found = { name: input.name ? undefined : t('settings.nameRequired'), colour: HEX.test(input.colour) ? undefined : t('settings.colourInvalid') };
    if (found.name || found.colour) {
      setErrors(found);
      return;
    }
    setSaving(true);
    setErrors({});
    try {
      if (editing) await update(editing._id, input);
      else await create(input);
      notifications.show({ color: 'green', message: t('settings.saved') });
      onClose();
    } catch (failure) {
      setErrors({ form: errorMessage(failure, 'labels:settings.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('settings.editTitle') : t('settings.addTitle')}
      onSubmit={submit}
      saving={saving}
      error={errors.form}
      texts={{ cancel: t('settings.cancel'), save: t('settings.save') }}
    >
      <TextInput label={t('settings.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} error={errors.name} dir="auto" data-autofocus />
      <ColorInput
        label={t('settings.colour')}
        value={colour}
        onChange={setColour}
        format="hex"
        swatches={LABEL_PALETTE}
        swatchesPerRow={10}
        error={errors.colour}
        dir="ltr"
        popoverProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}
