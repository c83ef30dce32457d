import { PIPELINE_STATUSES, type DealBoard, type DealCard } from '@crm/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { labelsList, makeLabel } from './testing/make-label';

const vip = makeLabel('VIP', '#e03131');
const hot = makeLabel('Hot', '#f08c00');
const card: DealCard = {
  _id: testId(),
  name: 'Tarek Helmy',
  phone: '+201001234567',
  status: 'new',
  amount: 2500,
  products: [],
  assignedTo: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  enteredStatusAt: '2026-03-02T10:00:00.000Z',
  daysInStatus: 5,
  stale: false,
  labelIds: [hot._id, vip._id],
};
const board = (): DealBoard => ({
  columns: PIPELINE_STATUSES.map((status) => ({ status, count: status === 'new' ? 1 : 0, amount: status === 'new' ? 2500 : 0, page: 1, hasMore: false, items: status === 'new' ? [card] : [] })),
});

describe('labels on the deal board', { timeout: 20_000 }, () => {
  it('shows chips on the cards and filters by all of the labels in the address, switching to any of', async () => {
    localStorage.setItem(`crm-sales-view:${adminUser._id}`, 'board');
    const { requests } = fakeCrmApi(adminUser, {
      'GET /api/labels': labelsList([hot, vip]),
      'GET /api/deals/board': () => ok(board()),
      'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
      'GET /api/auth/users': () => ok([]),
    });
    const { user, router } = renderApp(`/sales?labels=${vip._id},${hot._id}&labelMatch=all`);
    const tarek = await screen.findByRole('button', { name: 'Tarek Helmy' });
    await waitFor(() =>
      expect(
        within(tarek)
          .getAllByRole('listitem')
          .map((chip) => chip.textContent),
      ).toEqual(['Hot', 'VIP']),
    );
    const boardQuery = () => requests.filter((r) => r.path === '/api/deals/board').at(-1)!.query;
    expect(boardQuery().get('labels')).toBe(`${vip._id},${hot._id}`);
    expect(boardQuery().get('labelMatch')).toBe('all');

    await user.click(screen.getByRole('radio', { name: 'Any of' }));
    await waitFor(() => expect(boardQuery().get('labelMatch')).toBe('any'));
    expect(new URLSearchParams(router.state.location.search).has('labelMatch')).toBe(false);
    expect(new URLSearchParams(router.state.location.search).get('labels')).toBe(`${vip._id},${hot._id}`);
  });
});
