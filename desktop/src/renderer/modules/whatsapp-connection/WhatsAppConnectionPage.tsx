import { Alert, Anchor, Card, Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import type { WhatsAppCloudConnection } from '@crm/common';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { PageHeader } from '../../ui/PageHeader';
import { whatsAppCloudApi } from './api';
import { CloudApiForm } from './CloudApiForm';
import { CloudConnectionState } from './CloudConnectionState';
import { useConnectionRefresh } from './use-connection-refresh';
import { CloudTemplates } from './CloudTemplates';

type Kind = 'qr' | 'cloud';

/**
 * Settings → WhatsApp (admins: the route is guarded by `whatsapp.session.manage`): how the company
 * connects, by linking a phone with a QR code (in the messenger) or through Meta's official API.
 * Saving the API settings switches the company to it; removing them switches back to QR.
 */
export function WhatsAppConnectionPage() {
  const { t } = useTranslation('whatsappConnection');
  const [connection, setConnection] = useState<WhatsAppCloudConnection | null | undefined>(undefined);
  const [kind, setKind] = useState<Kind>('qr');
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    whatsAppCloudApi
      .get()
      .then((current) => {
        setConnection(current);
        setKind('cloud');
      })
      .catch((failure: unknown) => {
        setConnection(null);
        if (!(failure instanceof ApiError && failure.status === 404)) setLoadError(errorMessage(failure, 'whatsappConnection:loadFailed'));
      });
  }, []);

  // the server records on the settings what Meta answered the running session: shown without a reload
  useConnectionRefresh(Boolean(connection), () => {
    whatsAppCloudApi
      .get()
      .then(setConnection)
      .catch(() => undefined);
  });

  return (
    <>
      <PageHeader title={t('title')} />
      {connection === undefined ? (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack maw={640} gap="md">
          {loadError && (
            <Alert color="red" variant="light" role="alert">
              {loadError}
            </Alert>
          )}
          <SegmentedControl
            aria-label={t('kindLabel')}
            value={kind}
            onChange={(value) => setKind(value as Kind)}
            data={[
              { value: 'qr', label: t('kindQr') },
              { value: 'cloud', label: t('kindCloud') },
            ]}
          />
          {kind === 'qr' ? (
            <Card withBorder>
              <Text size="sm">{connection ? t('qrWhileCloud') : t('qrHelp')}</Text>
              {!connection && (
                <Anchor component={Link} to="/whatsapp" size="sm">
                  {t('openMessenger')}
                </Anchor>
              )}
            </Card>
          ) : (
            <Card withBorder>
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  {t('cloudHelp')}
                </Text>
                <CloudApiForm connection={connection} onSaved={setConnection} />
                {connection && (
                  <CloudConnectionState
                    connection={connection}
                    onChange={setConnection}
                    onRemoved={() => {
                      setConnection(null);
                      setKind('qr');
                    }}
                  />
                )}
              </Stack>
            </Card>
          )}
          {kind === 'cloud' && connection && (
            <Card withBorder>
              <CloudTemplates />
            </Card>
          )}
        </Stack>
      )}
    </>
  );
}
