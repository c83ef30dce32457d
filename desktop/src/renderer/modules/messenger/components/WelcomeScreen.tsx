import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The right side before a conversation is chosen. */
export function WelcomeScreen() {
  const { t } = useTranslation('whatsapp');
  return (
    <Stack align="center" justify="center" gap="sm" h="100%" p="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <MessagesSquare size={36} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {t('welcomeTitle')}
      </Title>
      <Text c="dimmed">{t('welcomeText')}</Text>
    </Stack>
  );
}
