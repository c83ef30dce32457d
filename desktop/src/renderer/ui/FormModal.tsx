import { Button, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'];
  /** Called with the default submit already prevented (the form validates itself, not the browser). */
  onSubmit: () => void | Promise<void>;
  saving: boolean;
  /** A failure that belongs to no one field (e.g. the server's answer). */
  error?: string | null;
  texts: { cancel: string; save: string };
  children: ReactNode;
}

/** The add/edit modal of a list screen: the form's fields, an error for the whole form, and Cancel / Save. */
export function FormModal({ opened, onClose, title, size, onSubmit, saving, error, texts, children }: FormModalProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {children}
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {texts.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
