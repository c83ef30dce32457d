import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A centred loader with its text. Spec: 'Loading Application...' while the stored session is checked.
 * `inline` fits inside the app frame instead of filling the window.
 */
export function FullPageLoader({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Center mih={inline ? 320 : '100dvh'} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">{label ?? t('loadingApplication')}</Text>
      </Stack>
    </Center>
  );
}
