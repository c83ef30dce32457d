import { Button, Group, Text } from '@mantine/core';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/**
 * Prev / Next with 'Page x of y' as under the Leads list; the arrows point the reading way in Arabic.
 * When the server stopped counting at its bound (`totalIsLowerBound`) it is 'Page x of y+' and Next
 * stays open: the next page tells whether there are more.
 */
export function Pager({
  page,
  total,
  totalIsLowerBound,
  pageSize,
  onPage,
  disabled,
}: {
  page: number;
  total: number;
  totalIsLowerBound?: boolean;
  pageSize: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const pages = pageCount(total, pageSize);
  return (
    <Group justify="flex-end" gap="sm" mt="md" role="navigation" aria-label={t('pager.label')}>
      <Button variant="default" size="xs" leftSection={<ChevronLeft size={14} className="mirror-rtl" aria-hidden />} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </Button>
      <Text size="sm" aria-live="polite">
        {totalIsLowerBound ? t('pager.pageOfAtLeast', { page: Math.min(page, pages), pages }) : t('pager.pageOf', { page: Math.min(page, pages), pages })}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<ChevronRight size={14} className="mirror-rtl" aria-hidden />}
        disabled={disabled || (page >= pages && !totalIsLowerBound)}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </Button>
    </Group>
  );
}
