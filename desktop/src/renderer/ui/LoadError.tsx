import { Alert, Button, Group, Text } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface LoadErrorProps {
  error: string;
  onRetry: () => void;
  mb?: string;
  /**
   * One line for a widget (a picker, a select, a popover, a card): a full alert there would push the
   * rest of the form about, yet an empty widget would pass for "nothing there".
   */
  compact?: boolean;
}

/** A screen's or card's failed load: the failure in the user's language and Retry (a table's is ListStateRow). */
export function LoadError({ error, onRetry, mb, compact = false }: LoadErrorProps) {
  const { t } = useTranslation('common');
  if (compact) {
    return (
      <Group gap={6} wrap="nowrap" role="alert" mb={mb}>
        <CircleAlert size={14} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs" c="red">
          {error}
        </Text>
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRetry} style={{ flexShrink: 0 }}>
          {t('retry')}
        </Button>
      </Group>
    );
  }
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
