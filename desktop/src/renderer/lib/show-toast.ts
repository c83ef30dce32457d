import type { NotificationData } from '@mantine/notifications';

/**
 * A toast from code the sign-in screen runs: the toasts' code (their container, transitions) is
 * not part of that screen's file, so it is fetched when the first one is shown.
 */
export function showToast(data: NotificationData): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}
