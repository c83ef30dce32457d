import type { DealBoard, DealCard, DealUpdateEvent, PipelineStatus } from '@crm/common';

/** Where a card is on the board. */
export function findCard(board: DealBoard, id: string): DealCard | undefined {
  for (const column of board.columns) {
    const card = column.items.find((c) => c._id === id);
    if (card) return card;
  }
  return undefined;
}

/**
 * The board after moving a card (the optimistic move): out of its column, on top of the target
 * (newest first is by creation, but the card the user just moved is what they look for), with both
 * columns' counts and totals following. A refused move is undone with putBack.
 */
export function moveCard(board: DealBoard, id: string, to: PipelineStatus, now: Date): DealBoard {
  const card = findCard(board, id);
  if (!card || card.status === to) return board;
  const amount = card.amount ?? 0;
  const moved: DealCard = { ...card, status: to, enteredStatusAt: now.toISOString(), daysInStatus: 0, stale: false };
  return {
    columns: board.columns.map((column) => {
      if (column.status === card.status) {
        return { ...column, count: column.count - 1, amount: column.amount - amount, items: column.items.filter((c) => c._id !== id) };
      }
      if (column.status === to) return { ...column, count: column.count + 1, amount: column.amount + amount, items: [moved, ...column.items] };
      return column;
    }),
  };
}

/** Where a card sits in its column (its place to go back to), or -1. */
export function placeOf(board: DealBoard, card: DealCard): number {
  return board.columns.find((c) => c.status === card.status)?.items.findIndex((c) => c._id === card._id) ?? -1;
}

/**
 * The board after a refused move: the card goes back, as it was, to its column and place, wherever
 * it is now, with both columns' counts and totals following. Only this card: whatever else changed
 * while the move was on its way (another move, a page loaded, someone's change) stays. A card that
 * has left the board meanwhile (deleted, or no longer a deal) stays gone.
 */
export function putBack(board: DealBoard, card: DealCard, place: number): DealBoard {
  const now = findCard(board, card._id);
  if (!now) return board;
  return {
    columns: board.columns.map((column) => {
      let next = column;
      if (column.status === now.status) {
        next = { ...next, count: next.count - 1, amount: next.amount - (now.amount ?? 0), items: next.items.filter((c) => c._id !== card._id) };
      }
      if (column.status === card.status) {
        const items = [...next.items];
        items.splice(place < 0 ? 0 : Math.min(place, items.length), 0, card);
        next = { ...next, count: next.count + 1, amount: next.amount + (card.amount ?? 0), items };
      }
      return next;
    }),
  };
}

/** The board with one more page of a column (cards already shown are not repeated). */
export function appendPage(board: DealBoard, status: PipelineStatus, page: { items: DealCard[]; page: number; hasMore: boolean; count: number; amount: number }): DealBoard {
  return {
    columns: board.columns.map((column) => {
      if (column.status !== status) return column;
      const shown = new Set(column.items.map((c) => c._id));
      return { ...column, ...page, items: [...column.items, ...page.items.filter((c) => !shown.has(c._id))] };
    }),
  };
}

/**
 * The board after someone's change of a deal (`deal:update`): the card leaves the column that
 * shows it and, when it is still a deal, goes on top of its new column, with both columns' counts
 * and totals following. A card the board has loaded is taken from where it is shown, so the echo
 * of this user's own optimistic move changes nothing. A card not loaded counts only on a board
 * without filters (a filtered board cannot tell whether the deal is in its filter). A shown card
 * that stays in its column (a new amount, a new assignee) is replaced where it is.
 */
export function applyDealUpdate(board: DealBoard, event: DealUpdateEvent, filtered: boolean): DealBoard {
  const shown = findCard(board, event.contactId);
  if (!shown && filtered) return board;
  const leaving = shown ? { status: shown.status, amount: shown.amount ?? 0 } : event.before && { status: event.before.status, amount: event.before.amount ?? 0 };
  const arriving = event.after && event.card ? { status: event.after.status, amount: event.after.amount ?? 0, card: event.card } : null;
  if (shown && arriving && leaving?.status === arriving.status) {
    const card = arriving.card;
    return {
      columns: board.columns.map((column) =>
        column.status === card.status ? { ...column, amount: column.amount - leaving.amount + arriving.amount, items: column.items.map((c) => (c._id === card._id ? card : c)) } : column,
      ),
    };
  }
  return {
    columns: board.columns.map((column) => {
      let next = column;
      if (leaving && column.status === leaving.status) {
        next = { ...next, count: Math.max(0, next.count - 1), amount: next.amount - leaving.amount, items: next.items.filter((c) => c._id !== event.contactId) };
      }
      if (arriving && column.status === arriving.status) {
        next = { ...next, count: next.count + 1, amount: next.amount + arriving.amount, items: [arriving.card, ...next.items.filter((c) => c._id !== event.contactId)] };
      }
      return next;
    }),
  };
}
