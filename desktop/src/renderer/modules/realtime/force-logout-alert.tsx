import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export const forceLogoutText = (message: string): string =>
  `You have been logged out automatically. Reason: ${message}`;

/** Spec/core.md §4: a force_logout event shows this alert and logs the user out. */
export function showForceLogoutAlert(message: string): void {
  const id = modals.open({
    title: 'Signed out',
    closeOnClickOutside: false,
    children: (
      <Stack gap="md">
        <Text>{forceLogoutText(message)}</Text>
        <Button onClick={() => modals.close(id)} autoFocus>
          OK
        </Button>
      </Stack>
    ),
  });
}
