import type { DealBoard, DealCard, DealUpdateEvent, PipelineStatus } from '@crm/common';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../i18n';
import { errorMessage } from '../../lib/error-message';
import { dealBoardApi, type BoardFilters } from './api';
import { useRealtimeStore } from '../realtime/store';
import { appendPage, applyDealUpdate, moveCard, placeOf, putBack } from './board-state';
import { cardLabel } from './DealCardView';
import { STATUS_KEYS } from './status-keys';

export type BoardLoad = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready' };

/**
 * The board's data for a filter: the first load, one more page per column, and the optimistic move
 * (shown at once, put back with a message when the server refuses it), and everyone's changes as
 * they happen (`deal:update`).
 */
export function useDealBoard(filters: BoardFilters) {
  const [board, setBoard] = useState<DealBoard | null>(null);
  const [load, setLoad] = useState<BoardLoad>({ kind: 'loading' });
  const [paging, setPaging] = useState<Set<PipelineStatus>>(new Set());
  const boardRef = useRef<DealBoard | null>(null);
  boardRef.current = board;
  const { q, from, to, assignedTo, productId, labels, labelMatch } = filters;

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ kind: 'loading' });
    dealBoardApi.load({ q, from, to, assignedTo, productId, labels, labelMatch }, controller.signal).then(
      (data) => {
        setBoard(data);
        setLoad({ kind: 'ready' });
      },
      (error) => {
        if (controller.signal.aborted) return;
        setLoad({ kind: 'error', message: errorMessage(error, 'dealBoard:loadFailed') });
      },
    );
    return () => controller.abort();
  }, [q, from, to, assignedTo, productId, labels, labelMatch]);

  const socket = useRealtimeStore((state) => state.socket);
  const filtered = !!(q || from || to || assignedTo || productId || labels);
  useEffect(() => {
    if (!socket) return;
    const onDeal = (event: DealUpdateEvent) => setBoard((b) => b && applyDealUpdate(b, event, filtered));
    socket.on('deal:update', onDeal);
    return () => {
      socket.off('deal:update', onDeal);
    };
  }, [socket, filtered]);

  const loadMore = useCallback(
    (status: PipelineStatus) => {
      const column = boardRef.current?.columns.find((c) => c.status === status);
      if (!column?.hasMore || paging.has(status)) return;
      setPaging((s) => new Set(s).add(status));
      dealBoardApi
        .column(status, { q, from, to, assignedTo, productId, labels, labelMatch }, column.page + 1)
        .then(
          (page) => setBoard((b) => b && appendPage(b, status, page)),
          (error) => notifications.show({ color: 'red', message: errorMessage(error, 'dealBoard:loadFailed') }),
        )
        .finally(() =>
          setPaging((s) => {
            const next = new Set(s);
            next.delete(status);
            return next;
          }),
        );
    },
    [q, from, to, assignedTo, productId, labels, labelMatch, paging],
  );

  const move = useCallback(async (card: DealCard, status: PipelineStatus, lostReason?: string) => {
    const before = boardRef.current;
    if (!before || card.status === status) return;
    const place = placeOf(before, card);
    setBoard((b) => b && moveCard(b, card._id, status, new Date()));
    try {
      await dealBoardApi.move(card._id, status, lostReason);
    } catch (error) {
      // only this card goes back: another move made meanwhile, a page loaded or someone's change stays
      setBoard((b) => b && putBack(b, card, place));
      notifications.show({
        color: 'red',
        message: i18n.t('dealBoard:moveFailed', { name: cardLabel(card), reason: errorMessage(error, 'common:unknownError') }),
      });
      return;
    }
    notifications.show({ color: 'green', message: i18n.t('dealBoard:moved', { name: cardLabel(card), status: i18n.t(STATUS_KEYS[status]) }) });
  }, []);

  return { board, load, paging, loadMore, move };
}
