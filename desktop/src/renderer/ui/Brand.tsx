import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { MessageSquareText } from 'lucide-react';

export const PRODUCT_NAME = 'WhatsApp CRM';

/** Logo mark and product name, as shown in the header and on the sign-in pages. */
export function Brand({ tagline, size = 'md' }: { tagline?: string; size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={large ? 44 : 34} radius="md" variant="filled" color="brand" aria-hidden>
        <MessageSquareText size={large ? 24 : 19} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text fw={700} size={large ? 'xl' : 'md'} lh={1.2}>
          {PRODUCT_NAME}
        </Text>
        {tagline && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {tagline}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
