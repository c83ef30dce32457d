import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WhatsAppTemplate } from '@crm/common';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { whatsAppTemplatesApi } from './api';

const STATUS_COLOR: Record<string, string> = { APPROVED: 'green', PENDING: 'yellow', REJECTED: 'red', PAUSED: 'orange', DISABLED: 'gray' };

/** Settings → WhatsApp on the official API: the company's templates as last synced, and "Sync templates". */
export function CloudTemplates() {
  const { t } = useTranslation('whatsappConnection');
  const [items, setItems] = useState<WhatsAppTemplate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [syncing, setSyncing] = useState(false);

  const load = useCallback(
    () =>
      whatsAppTemplatesApi
        .all()
        .then((page) => {
          setItems(page.items);
          setError(null);
        })
        .catch((failure: unknown) => setError(errorMessage(failure, 'whatsappConnection:templates.loadFailed'))),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const sync = async () => {
    setSyncing(true);
    try {
      const result = await whatsAppTemplatesApi.sync();
      notifications.show({
        color: 'green',
        message: t('templates.synced', { total: formatNumber(result.total), added: formatNumber(result.added), updated: formatNumber(result.updated), removed: formatNumber(result.removed) }),
      });
      await load();
    } catch (failure) {
      notifications.show({ color: 'red', title: t('templates.syncFailed'), message: errorMessage(failure, 'whatsappConnection:templates.syncFailed') });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Stack gap="sm" aria-label={t('templates.title')} role="region">
      <Group justify="space-between">
        <Title order={3} size="h5">
          {t('templates.title')}
        </Title>
        <Button size="xs" variant="light" leftSection={<RefreshCw size={14} aria-hidden />} onClick={() => void sync()} loading={syncing}>
          {t('templates.sync')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('templates.help')}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {items && items.length === 0 && <Text size="sm">{t('templates.empty')}</Text>}
      {items && items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('templates.name')}</Table.Th>
                <Table.Th>{t('templates.language')}</Table.Th>
                <Table.Th>{t('templates.category')}</Table.Th>
                <Table.Th>{t('templates.status')}</Table.Th>
                <Table.Th>{t('templates.body')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item._id}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{item.language}</Table.Td>
                  <Table.Td>{item.category}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLOR[item.status] ?? 'gray'}>
                      {item.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {item.header && (
                      <Text size="xs" fw={600} dir="auto" lineClamp={1}>
                        {item.header.text ?? t('templates.mediaHeader', { format: item.header.format })}
                      </Text>
                    )}
                    <Text size="xs" dir="auto" lineClamp={2}>
                      {item.body}
                    </Text>
                    {item.buttons.length > 0 && (
                      <Group gap={4} mt={4} role="list" aria-label={t('templates.buttons', { name: item.name })}>
                        {item.buttons.map((button, i) => (
                          <Badge key={i} role="listitem" size="xs" variant="outline" tt="none" title={button.url ?? undefined}>
                            {button.text}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
