import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';

/** A screen that crashed shows this instead of a blank window. */
export function RouteErrorPage() {
  const { t } = useTranslation('layout');
  const error = useRouteError();
  // The details go to the developer console; the user gets a way out.
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {t('crashed.title')}
        </Title>
        <Text c="dimmed">{t('crashed.text')}</Text>
        <Button onClick={() => window.location.assign('/')}>{t('crashed.reload')}</Button>
      </Stack>
    </Center>
  );
}
