import { Button, Group } from '@mantine/core';
import { Pencil, Trash2 } from 'lucide-react';

interface RowActionsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** Visible words and the names screen readers hear (which row they act on). */
  texts: { edit: string; editLabel: string; delete: string; deleteLabel: string };
}

/** A list row's Edit and Delete buttons. */
export function RowActions({ onEdit, onDelete, texts }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="xs" variant="subtle" leftSection={<Pencil size={14} aria-hidden />} aria-label={texts.editLabel} onClick={onEdit}>
        {texts.edit}
      </Button>
      <Button size="xs" variant="subtle" color="red" leftSection={<Trash2 size={14} aria-hidden />} aria-label={texts.deleteLabel} onClick={onDelete}>
        {texts.delete}
      </Button>
    </Group>
  );
}
