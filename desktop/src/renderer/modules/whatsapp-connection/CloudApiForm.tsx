import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { WhatsAppCloudConnection, WhatsAppCloudSettingsRequest } from '@crm/common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { whatsAppCloudApi } from './api';

const EMPTY: WhatsAppCloudSettingsRequest = { phoneNumberId: '', businessAccountId: '', accessToken: '', appSecret: '', verifyToken: '' };

/**
 * The official API's settings. The stored secrets never come back from the server: their fields
 * start empty with the stored one's last characters as the hint, and saving needs all of them.
 */
export function CloudApiForm({ connection, onSaved }: { connection: WhatsAppCloudConnection | null; onSaved(next: WhatsAppCloudConnection): void }) {
  const { t } = useTranslation('whatsappConnection');
  const [values, setValues] = useState<WhatsAppCloudSettingsRequest>({
    ...EMPTY,
    phoneNumberId: connection?.phoneNumberId ?? '',
    businessAccountId: connection?.businessAccountId ?? '',
  });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const field = (name: keyof WhatsAppCloudSettingsRequest) => ({
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  const hint = (stored: string | null | undefined) => (stored ? t('storedHint', { hint: stored }) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      onSaved(await whatsAppCloudApi.save(values));
      setValues((current) => ({ ...current, accessToken: '', appSecret: '', verifyToken: '' }));
    } catch (failure) {
      setError(errorMessage(failure, 'whatsappConnection:saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} aria-label={t('formLabel')}>
      <Stack gap="sm">
        <TextInput label={t('phoneNumberId')} required inputMode="numeric" dir="ltr" {...field('phoneNumberId')} />
        <TextInput label={t('businessAccountId')} required inputMode="numeric" dir="ltr" {...field('businessAccountId')} />
        <PasswordInput label={t('accessToken')} description={t('accessTokenHelp')} required placeholder={hint(connection?.accessTokenHint)} dir="ltr" {...field('accessToken')} />
        <PasswordInput label={t('appSecret')} required placeholder={hint(connection?.appSecretHint)} dir="ltr" {...field('appSecret')} />
        <PasswordInput label={t('verifyToken')} description={t('verifyTokenHelp')} required placeholder={hint(connection?.verifyTokenHint)} dir="ltr" {...field('verifyToken')} />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
