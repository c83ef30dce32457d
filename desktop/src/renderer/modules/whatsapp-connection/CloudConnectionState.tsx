import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import type { WhatsAppCloudConnection } from '@crm/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { whatsAppReasonText } from '../../lib/reason-text';
import { whatsAppCloudApi } from './api';

/** The stored connection: the webhook URL to paste into Meta's app, "Test connection" and its result, and removing it. */
export function CloudConnectionState({ connection, onChange, onRemoved }: { connection: WhatsAppCloudConnection; onChange(next: WhatsAppCloudConnection): void; onRemoved(): void }) {
  const { t } = useTranslation('whatsappConnection');
  const [busy, setBusy] = useState<'test' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (kind: 'test' | 'remove') => {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'test') onChange(await whatsAppCloudApi.test());
      else {
        await whatsAppCloudApi.remove();
        onRemoved();
      }
    } catch (failure) {
      setError(errorMessage(failure, kind === 'test' ? 'whatsappConnection:testFailed' : 'whatsappConnection:removeFailed'));
    } finally {
      setBusy(null);
    }
  };

  const reason = whatsAppReasonText(connection);
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500}>
          {t('webhookUrl')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('webhookUrlHelp')}
        </Text>
        <Group gap="xs" mt={4} wrap="nowrap">
          <Code dir="ltr" aria-label={t('webhookUrl')}>
            {connection.webhookUrl}
          </Code>
          <CopyButton value={connection.webhookUrl}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="light" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
      {connection.state === 'connected' && (
        <Alert color="green" variant="light" role="status">
          {t('testConnected', { number: connection.displayPhoneNumber ?? connection.phoneNumberId, name: connection.verifiedName ?? '' })}
        </Alert>
      )}
      {connection.state === 'needs_attention' && (
        <Alert color="red" variant="light" role="alert">
          {reason ?? t('testFailed')}
        </Alert>
      )}
      {connection.state === 'untested' && (
        <Text size="sm" c="dimmed">
          {t('untested')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group>
        <Button variant="light" loading={busy === 'test'} disabled={busy !== null} onClick={() => void run('test')}>
          {t('test')}
        </Button>
        <Button variant="subtle" color="red" loading={busy === 'remove'} disabled={busy !== null} onClick={() => void run('remove')}>
          {t('remove')}
        </Button>
      </Group>
    </Stack>
  );
}
