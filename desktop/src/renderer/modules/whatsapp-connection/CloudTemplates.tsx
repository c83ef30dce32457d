import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatNumber } from '../../lib/format';
import { useQuery } from '../../lib/load/use-query';
import { LoadError } from '../../ui/LoadError';
import { whatsAppTemplatesApi } from './api';

const STATUS_COLOR: Record<string, string> = { APPROVED: 'green', PENDING: 'yellow', REJECTED: 'red', PAUSED: 'orange', DISABLED: 'gray' };

/** Settings → WhatsApp on the official API: the company's templates as last synced, and "Sync templates". */
export function CloudTemplates() {
  const { t } = useTranslation('whatsappConnection');
  const query = useQuery((signal) => whatsAppTemplatesApi.all(signal).then((page) => page.items), [], {
    errorText: (failure) => errorMessage(failure, 'whatsappConnection:templates.loadFailed'),
  });
  const { data: items, error } = query;
  const [syncing, setSyncing] = useState(false);

  const sync = async () => {
    setSyncing(true);
    try {
      const result = await whatsAppTemplatesApi.sync();
      notifications.show({
        color: 'green',
        message: t('templates.synced', { total: formatNumber(result.total), added: formatNumber(result.added), updated: formatNumber(result.updated), removed: formatNumber(result.removed) }),
      });
      query.reload();
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
      {error && <LoadError error={error} onRetry={query.reload} />}
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
