import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { Hammer } from 'lucide-react';
import { PageHeader } from '../../ui/PageHeader';

export const COMING_SOON_TEXT = 'This screen is coming soon.';

/** Placeholder for screens that later issues fill in: the title and a short line. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <Hammer size={24} />
          </ThemeIcon>
          <Text c="dimmed">{COMING_SOON_TEXT}</Text>
        </Stack>
      </Card>
    </>
  );
}
