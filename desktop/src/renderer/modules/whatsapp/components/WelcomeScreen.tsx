import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MessagesSquare } from 'lucide-react';
import { WHATSAPP_TEXTS } from '../store';

/** The right side before a conversation is chosen. */
export function WelcomeScreen() {
  return (
    <Stack align="center" justify="center" gap="sm" h="100%" p="xl" ta="center">
      <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
        <MessagesSquare size={36} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {WHATSAPP_TEXTS.welcomeTitle}
      </Title>
      <Text c="dimmed">{WHATSAPP_TEXTS.welcomeText}</Text>
    </Stack>
  );
}
