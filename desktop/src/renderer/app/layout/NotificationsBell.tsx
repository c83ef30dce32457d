import { ActionIcon, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { Bell } from 'lucide-react';

/** The header bell. The notifications list and its realtime feed arrive with the notifications issue. */
export function NotificationsBell() {
  return (
    <Popover position="bottom-end" width={320} shadow="md" withArrow>
      <Popover.Target>
        <Tooltip label="Notifications">
          <ActionIcon aria-label="Notifications">
            <Bell size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600}>Notifications</Text>
          <Text size="sm" c="dimmed">
            No notifications yet.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
