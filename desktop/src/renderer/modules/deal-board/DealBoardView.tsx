import { Alert, Group, Loader, ScrollArea } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import type { DealCard, PipelineStatus } from '@crm/common';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { dealBoardApi, type BoardFilters } from './api';
import { columnKeyboardCoordinates } from './column-keyboard';
import { cardLabel } from './DealCardView';
import { DealColumnView } from './DealColumnView';
import { LostReasonDialog } from './LostReasonDialog';
import { STATUS_KEYS } from './status-keys';
import { useDealBoard } from './use-deal-board';

/** The columns side by side (right to left in Arabic: the row follows the page's direction, and so does dragging). */
export function DealBoardView({ filters }: { filters: BoardFilters }) {
  const { t } = useTranslation('dealBoard');
  const { board, load, paging, loadMore, move } = useDealBoard(filters);
  const lostReasons = useQuery((signal) => dealBoardApi.settings(signal).then((settings) => settings.lostReasons), [], {
    errorText: (failure) => errorMessage(failure, 'dealBoard:lost.reasonsFailed'),
  });
  const [askingWhyLost, setAskingWhyLost] = useState<DealCard | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  const announcements = useMemo<Announcements>(() => {
    const statusName = (id: unknown) => t(STATUS_KEYS[id as PipelineStatus] ?? String(id));
    const nameOf = (active: { data: { current?: Record<string, unknown> } }) => cardLabel((active.data.current as { card: DealCard }).card);
    return {
      onDragStart: ({ active }) => t('dnd.start', { name: nameOf(active) }),
      onDragOver: ({ active, over }) => (over ? t('dnd.over', { name: nameOf(active), status: statusName(over.id) }) : t('dnd.overNone', { name: nameOf(active) })),
      onDragEnd: ({ active, over }) => (over ? t('dnd.end', { name: nameOf(active), status: statusName(over.id) }) : t('dnd.endNone', { name: nameOf(active) })),
      onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active) }),
    };
  }, [t]);

  const requestMove = (card: DealCard, to: PipelineStatus) => {
    if (card.status === to) return;
    if (to === 'lost') setAskingWhyLost(card);
    else void move(card, to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) requestMove((active.data.current as { card: DealCard }).card, over.id as PipelineStatus);
  };

  if (load.kind === 'error') return <Alert color="red">{load.message}</Alert>;
  if (!board) return <Loader aria-label={t('boardLabel')} />;
  return (
    <>
      <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}>
        <ScrollArea type="auto" offsetScrollbars aria-label={t('boardLabel')}>
          <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm" role="list" aria-busy={load.kind === 'loading'}>
            {board.columns.map((column) => (
              <div role="listitem" key={column.status}>
                <DealColumnView column={column} loading={paging.has(column.status)} onLoadMore={loadMore} onMove={requestMove} />
              </div>
            ))}
          </Group>
        </ScrollArea>
      </DndContext>
      {askingWhyLost && (
        <LostReasonDialog
          dealName={cardLabel(askingWhyLost)}
          reasons={lostReasons}
          onCancel={() => setAskingWhyLost(null)}
          onConfirm={(reason) => {
            const card = askingWhyLost;
            setAskingWhyLost(null);
            void move(card, 'lost', reason);
          }}
        />
      )}
    </>
  );
}
