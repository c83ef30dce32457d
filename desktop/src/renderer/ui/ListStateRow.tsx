import { Button, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * One full-width table row for 'Loading...', an empty list or an error (the list is cleared on
 * error); an error with `onRetry` offers Retry, as every screen's failed load does.
 */
export function ListStateRow({ colSpan, children, error, onRetry }: { colSpan: number; children: string; error?: boolean; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Stack align="center" gap="xs" py="lg">
          <Text ta="center" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : 'status'}>
            {children}
          </Text>
          {error && onRetry && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
