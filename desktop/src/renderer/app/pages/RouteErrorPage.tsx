import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router-dom';

/** A screen that crashed shows this instead of a blank window. */
export function RouteErrorPage() {
  const error = useRouteError();
  // The details go to the developer console; the user gets a way out.
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text c="dimmed">An error occurred.</Text>
        <Button onClick={() => window.location.assign('/')}>Reload</Button>
      </Stack>
    </Center>
  );
}
