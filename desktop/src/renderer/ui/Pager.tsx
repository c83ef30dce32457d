import { Button, Group, Text } from '@mantine/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** Prev / Next with 'Page x of y' as under the Leads list; the arrows point the reading way in Arabic. */
export function Pager({ page, total, pageSize, onPage, disabled }: { page: number; total: number; pageSize: number; onPage: (page: number) => void; disabled?: boolean }) {
  const { t } = useTranslation('common');
  const pages = pageCount(total, pageSize);
  return (
    <Group justify="flex-end" gap="sm" mt="md" role="navigation" aria-label={t('pager.label')}>
      <Button variant="default" size="xs" leftSection={<ChevronLeft size={14} className="mirror-rtl" aria-hidden />} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('pager.pageOf', { page: Math.min(page, pages), pages })}
      </Text>
      <Button variant="default" size="xs" rightSection={<ChevronRight size={14} className="mirror-rtl" aria-hidden />} disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </Button>
    </Group>
  );
}
