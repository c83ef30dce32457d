import type { DealBoard, DealCard } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { appendPage, moveCard, placeOf, putBack } from './board-state';

const card = (id: string, status: DealCard['status'], amount: number): DealCard => ({
  _id: id,
  name: id,
  phone: '+20100',
  status,
  amount,
  products: [],
  assignedTo: null,
  createdAt: '',
  enteredStatusAt: '',
  daysInStatus: 4,
  stale: true,
});
const board: DealBoard = {
  columns: [
    { status: 'new', count: 30, amount: 3000, page: 1, hasMore: true, items: [card('a', 'new', 100), card('b', 'new', 200)] },
    { status: 'won', count: 1, amount: 50, page: 1, hasMore: false, items: [card('c', 'won', 50)] },
  ],
};

describe('the optimistic board', () => {
  it('moves a card with its amount between the column totals, fresh in its new status', () => {
    const after = moveCard(board, 'b', 'won', new Date('2026-03-01T00:00:00Z'));
    expect(after.columns[0]).toMatchObject({ count: 29, amount: 2800 });
    expect(after.columns[0].items.map((c) => c._id)).toEqual(['a']);
    expect(after.columns[1]).toMatchObject({ count: 2, amount: 250 });
    expect(after.columns[1].items[0]).toMatchObject({ _id: 'b', status: 'won', daysInStatus: 0, stale: false });
    expect(board.columns[0].items).toHaveLength(2);
  });

  it('adds a page without repeating a card already shown', () => {
    const after = appendPage(board, 'new', { items: [card('b', 'new', 200), card('d', 'new', 1)], page: 2, hasMore: false, count: 30, amount: 3000 });
    expect(after.columns[0].items.map((c) => c._id)).toEqual(['a', 'b', 'd']);
    expect(after.columns[0]).toMatchObject({ page: 2, hasMore: false });
  });

  it('puts a refused card back in its place, keeping a move made meanwhile', () => {
    const b = card('b', 'new', 200);
    const place = placeOf(board, b);
    const both = moveCard(moveCard(board, 'b', 'won', new Date()), 'a', 'won', new Date());
    const after = putBack(both, b, place);
    expect(after.columns[0]).toMatchObject({ count: 29, amount: 2900 });
    expect(after.columns[0].items.map((c) => c._id)).toEqual(['b']);
    expect(after.columns[0].items[0]).toMatchObject({ status: 'new', daysInStatus: 4, stale: true });
    expect(after.columns[1]).toMatchObject({ count: 2, amount: 150 });
    expect(after.columns[1].items.map((c) => c._id)).toEqual(['a', 'c']);
    // gone from the board meanwhile: stays gone
    const gone = { columns: both.columns.map((c) => ({ ...c, items: c.items.filter((i) => i._id !== 'b') })) };
    expect(putBack(gone, b, place)).toBe(gone);
  });
});
