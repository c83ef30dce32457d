import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';

interface ConfirmDeleteOptions {
  title: string;
  /** What deleting does, in the screen's words. */
  message: string;
  texts: { confirm: string; cancel: string; done: string };
  remove: () => Promise<unknown>;
  /** The failure's text for the red notification. */
  failureText: (failure: unknown) => string;
  /** After a successful delete (e.g. reload the list). */
  onDeleted: () => void | Promise<void>;
}

/** Asks before deleting a row of a list screen; says when it is done, or why it failed. */
export function confirmDelete({ title, message, texts, remove, failureText, onDeleted }: ConfirmDeleteOptions): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: texts.confirm, cancel: texts.cancel },
    confirmProps: { color: 'red' },
    onConfirm: () =>
      void (async () => {
        try {
          await remove();
          notifications.show({ color: 'green', message: texts.done });
          await onDeleted();
        } catch (failure) {
          notifications.show({ color: 'red', title, message: failureText(failure) });
        }
      })(),
  });
}
