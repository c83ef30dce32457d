import { Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';

/** Placeholder for screens that later issues fill in: the title (a catalogue key) and a short line. */
export function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('layout');
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Card>
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <Hammer size={24} />
          </ThemeIcon>
          <Text c="dimmed">{t('comingSoon')}</Text>
        </Stack>
      </Card>
    </>
  );
}
