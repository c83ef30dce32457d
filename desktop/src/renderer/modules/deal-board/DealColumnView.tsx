import { Button, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import type { DealCard, DealColumn, PipelineStatus } from '@crm/common';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../lib/format';
import { DealCardView } from './DealCardView';
import { STATUS_KEYS } from './status-keys';

/** Near the end of a column's scroll, its next page loads (the button does the same by hand). */
const LOAD_AHEAD_PX = 200;

export function DealColumnView({
  column,
  loading,
  onLoadMore,
  onMove,
}: {
  column: DealColumn;
  loading: boolean;
  onLoadMore: (status: PipelineStatus) => void;
  onMove: (card: DealCard, to: PipelineStatus) => void;
}) {
  const { t } = useTranslation('dealBoard');
  const { setNodeRef, isOver } = useDroppable({ id: column.status });
  const name = t(STATUS_KEYS[column.status]);
  const heading = t('column.heading', { status: name, count: formatNumber(column.count), amount: formatMoney(column.amount) });
  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={heading}
      withBorder
      p="xs"
      miw={260}
      w={260}
      bg={isOver ? 'var(--mantine-color-blue-light)' : undefined}
      style={{ display: 'flex', flexDirection: 'column', maxHeight: '75vh' }}
    >
      <Title order={2} size="h5">
        {name}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {formatNumber(column.count)} · {formatMoney(column.amount)}
      </Text>
      <ScrollArea.Autosize
        mah="65vh"
        onScrollPositionChange={({ y }) => {
          const viewport = document.getElementById(`deal-column-${column.status}`);
          if (column.hasMore && !loading && viewport && y + viewport.clientHeight >= viewport.scrollHeight - LOAD_AHEAD_PX) onLoadMore(column.status);
        }}
        viewportProps={{ id: `deal-column-${column.status}` }}
      >
        <Stack gap="xs">
          {column.items.map((card) => (
            <DealCardView key={card._id} card={card} onMove={onMove} />
          ))}
          {column.items.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="md">
              {t('column.empty')}
            </Text>
          )}
          {column.hasMore && (
            <Button variant="subtle" size="xs" loading={loading} onClick={() => onLoadMore(column.status)}>
              {t('column.loadMore')}
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
