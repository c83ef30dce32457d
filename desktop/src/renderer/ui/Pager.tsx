import { Button, Group, Text } from '@mantine/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** Prev / Next with 'Page x of y' (spec/core.md §2 Leads). */
export function Pager({ page, total, pageSize, onPage, disabled }: { page: number; total: number; pageSize: number; onPage: (page: number) => void; disabled?: boolean }) {
  const pages = pageCount(total, pageSize);
  return (
    <Group justify="flex-end" gap="sm" mt="md" role="navigation" aria-label="Pagination">
      <Button
        variant="default"
        size="xs"
        leftSection={<ChevronLeft size={14} aria-hidden />}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Prev
      </Button>
      <Text size="sm" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<ChevronRight size={14} aria-hidden />}
        disabled={disabled || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Group>
  );
}
