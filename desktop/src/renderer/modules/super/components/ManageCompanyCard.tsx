import { Alert, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TenantWithStats } from '@crm/common';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { superErrorMessage } from '../super-error';
import { Ltr } from '../../../ui/Ltr';
import { superApi } from '../api';

/** Suspend / re-activate with confirmation; deletion is permanent and returns to /super. */
export function ManageCompanyCard({ tenant, onChanged }: { tenant: TenantWithStats; onChanged: (tenant: TenantWithStats) => void }) {
  const { t } = useTranslation('super');
  const [deleting, setDeleting] = useState(false);

  const confirmStatus = () =>
    modals.openConfirmModal({
      title: tenant.isActive ? t('manage.suspendTitle', { name: tenant.name }) : t('manage.reactivateTitle', { name: tenant.name }),
      children: <Text size="sm">{tenant.isActive ? t('manage.suspendConfirm') : t('manage.reactivateConfirm')}</Text>,
      labels: { confirm: tenant.isActive ? t('manage.suspend') : t('manage.reactivate'), cancel: t('manage.cancel') },
      confirmProps: { color: tenant.isActive ? 'orange' : 'green' },
      onConfirm: () =>
        void (async () => {
          try {
            onChanged(await superApi.setTenantActive(tenant._id, !tenant.isActive));
            notifications.show({ color: 'green', message: tenant.isActive ? t('manage.suspended') : t('manage.reactivated') });
          } catch (failure) {
            notifications.show({ color: 'red', message: superErrorMessage(failure, 'super:manage.statusFailed') });
          }
        })(),
    });

  return (
    <Card padding="md" component="section" aria-labelledby="manage-company-title">
      <Title order={2} size="h4" mb="sm" id="manage-company-title">
        {t('manage.title')}
      </Title>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            {tenant.isActive ? t('manage.suspendHint') : t('manage.reactivateHint')}
          </Text>
          <Button variant="light" color={tenant.isActive ? 'orange' : 'green'} onClick={confirmStatus} style={{ flexShrink: 0 }}>
            {tenant.isActive ? t('manage.suspend') : t('manage.reactivate')}
          </Button>
        </Group>
        <Alert color="red" variant="light" icon={<TriangleAlert size={18} />} title={t('manage.dangerTitle')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('manage.dangerText')}</Text>
            <Button color="red" onClick={() => setDeleting(true)}>
              {t('manage.delete')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
      {deleting && <DeleteCompanyModal tenant={tenant} onClose={() => setDeleting(false)} />}
    </Card>
  );
}

/** The DANGER confirmation: the company's slug (or name) typed in full before Delete is enabled. */
function DeleteCompanyModal({ tenant, onClose }: { tenant: TenantWithStats; onClose: () => void }) {
  const { t } = useTranslation('super');
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() !== '' && (typed.trim() === tenant.slug || typed.trim() === tenant.name);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await superApi.deleteTenant(tenant._id);
      notifications.show({ color: 'green', message: t('manage.deleted') });
      void navigate('/super', { replace: true });
    } catch (failure) {
      setError(superErrorMessage(failure, 'super:manage.deleteFailed'));
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('manage.deleteTitle', { name: tenant.name })}>
      <Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm">{t('manage.dangerText')}</Text>
        <Text size="sm">
          {t('manage.typeToConfirm')} <Ltr>{tenant.slug}</Ltr>
        </Text>
        <TextInput label={t('manage.confirmLabel')} dir="auto" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('manage.cancel')}
          </Button>
          <Button color="red" disabled={!matches} loading={busy} onClick={() => void remove()}>
            {t('manage.deleteForever')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
