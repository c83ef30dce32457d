import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Spec: any path without a screen shows 'Page Not Found'. */
export function NotFoundPage() {
  const { t } = useTranslation('layout');
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/" mt="sm">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
