import { Alert, Button, Group, Text } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A screen's or card's failed load: the failure in the user's language and Retry (a table's is ListStateRow). */
export function LoadError({ error, onRetry, mb }: { error: string; onRetry: () => void; mb?: string }) {
  const { t } = useTranslation('common');
  return (
    <Alert color="red" variant="light" icon={<CircleAlert size={18} />} mb={mb}>
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{error}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} style={{ flexShrink: 0 }}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}
