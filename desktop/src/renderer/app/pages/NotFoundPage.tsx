import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

/** Spec: any path without a screen shows 'Page Not Found'. */
export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Page Not Found
        </Title>
        <Text c="dimmed">The address you opened does not match any screen.</Text>
        <Button component={Link} to="/" mt="sm">
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}
