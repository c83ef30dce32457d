import { act, screen, within } from '@testing-library/react';
import { PIPELINE_STATUSES, type DealBoard, type DealCard, type DealUpdateEvent, type PipelineStatus } from '@crm/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, ok, salesUser } from '../../test/fake-api';
import { openedSockets } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';

const card = (name: string, status: PipelineStatus, amount: number): DealCard => ({
  _id: testId(),
  name,
  phone: '+201001234567',
  status,
  amount,
  products: [],
  assignedTo: { _id: adminUser._id, name: 'Amira Admin' },
  createdAt: '2026-03-01T10:00:00.000Z',
  enteredStatusAt: '2026-03-02T10:00:00.000Z',
  daysInStatus: 5,
  stale: false,
});
const tarek = card('Tarek Helmy', 'new', 2500);
const board = (): DealBoard => ({
  columns: PIPELINE_STATUSES.map((status) => ({
    status,
    count: status === 'new' ? 40 : 0,
    amount: status === 'new' ? 64_000 : 0,
    page: 1,
    hasMore: status === 'new',
    items: status === 'new' ? [tarek] : [],
  })),
});
const column = (name: RegExp) => screen.getByRole('region', { name });

/** The server pushes to the socket the app opened when the user signed in. */
const play = (event: DealUpdateEvent) => act(() => openedSockets.at(-1)!.serverEmit('deal:update', event));

async function openBoard(path = '/sales', user = adminUser) {
  localStorage.setItem(`crm-sales-view:${user._id}`, 'board');
  fakeCrmApi(user, {
    'GET /api/deals/board': () => ok(board()),
    'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
  });
  renderApp(path);
  await screen.findByText('Tarek Helmy');
}

describe('the deal board, live', { timeout: 15_000 }, () => {
  beforeEach(() => localStorage.setItem(`crm-sales-view:${adminUser._id}`, 'board'));

  it("moves a card someone else moved, with both columns' counts and totals", async () => {
    await openBoard();
    play({ contactId: tarek._id, before: { status: 'new', amount: 2500 }, after: { status: 'won', amount: 2500 }, card: { ...tarek, status: 'won', daysInStatus: 0 } });
    expect(await within(column(/^Won: 1 deals, EGP\s2,500$/)).findByText('Tarek Helmy')).toBeInTheDocument();
    expect(within(column(/^New: 39 deals, EGP\s61,500$/)).queryByText('Tarek Helmy')).not.toBeInTheDocument();
    // the same update again (the echo of a move already shown) changes nothing
    play({ contactId: tarek._id, before: { status: 'new', amount: 2500 }, after: { status: 'won', amount: 2500 }, card: { ...tarek, status: 'won' } });
    expect(column(/^Won: 1 deals, EGP\s2,500$/)).toBeInTheDocument();
    expect(column(/^New: 39 deals, EGP\s61,500$/)).toBeInTheDocument();
  });

  it('adds a new deal, follows an amount change and drops a deal that left the pipeline', async () => {
    await openBoard();
    const nadia = card('Nadia Fathy', 'new', 0);
    play({ contactId: nadia._id, before: null, after: { status: 'new', amount: null }, card: nadia });
    expect(await within(column(/^New: 41 deals, EGP\s64,000$/)).findByText('Nadia Fathy')).toBeInTheDocument();
    play({ contactId: nadia._id, before: { status: 'new', amount: null }, after: { status: 'new', amount: 900 }, card: { ...nadia, amount: 900 } });
    expect(await screen.findByRole('region', { name: /^New: 41 deals, EGP\s64,900$/ })).toBeInTheDocument();
    play({ contactId: tarek._id, before: { status: 'new', amount: 2500 }, after: null, card: null });
    expect(await screen.findByRole('region', { name: /^New: 40 deals, EGP\s62,400$/ })).toBeInTheDocument();
    expect(screen.queryByText('Tarek Helmy')).not.toBeInTheDocument();
  });

  it('on a filtered board, ignores a deal it does not show (it may be outside the filter)', async () => {
    await openBoard('/sales?q=Tarek');
    const other = card('Someone Else', 'new', 100);
    play({ contactId: other._id, before: null, after: { status: 'new', amount: 100 }, card: other });
    expect(column(/^New: 40 deals, EGP\s64,000$/)).toBeInTheDocument();
    expect(screen.queryByText('Someone Else')).not.toBeInTheDocument();
  });
});

describe('the deal board, when a deal changes hands', { timeout: 15_000 }, () => {
  const place = { status: 'new' as const, amount: 2500 };

  it("shows a deal handed to this rep at once, with the column's count and total", async () => {
    await openBoard('/sales', salesUser);
    const karim = { ...card('Karim Adel', 'new', 2500), assignedTo: { _id: salesUser._id, name: 'Samir Sales' } };
    play({ contactId: karim._id, before: null, after: place, card: karim });
    expect(await within(column(/^New: 41 deals, EGP\s66,500$/)).findByText('Karim Adel')).toBeInTheDocument();
  });

  it('drops a deal handed away from this rep, with its count and total', async () => {
    await openBoard('/sales', salesUser);
    play({ contactId: tarek._id, before: place, after: null, card: null });
    expect(await screen.findByRole('region', { name: /^New: 39 deals, EGP\s61,500$/ })).toBeInTheDocument();
    expect(screen.queryByText('Tarek Helmy')).not.toBeInTheDocument();
  });

  it("shows an admin the deal's new assignee where the card is, the counts unchanged", async () => {
    await openBoard();
    const nadia = card('Nadia Fathy', 'new', 0);
    play({ contactId: nadia._id, before: null, after: { status: 'new', amount: 0 }, card: nadia });
    const names = () =>
      within(column(/^New: 41 deals/))
        .getAllByText(/^(Nadia Fathy|Tarek Helmy)$/)
        .map((e) => e.textContent);
    expect(await within(column(/^New: 41 deals/)).findByText('Nadia Fathy')).toBeInTheDocument();
    expect(names()).toEqual(['Nadia Fathy', 'Tarek Helmy']);
    play({ contactId: tarek._id, before: place, after: place, card: { ...tarek, assignedTo: { _id: salesUser._id, name: 'Samir Sales' } } });
    expect(await within(column(/^New: 41 deals, EGP\s64,000$/)).findByText('Samir Sales')).toBeInTheDocument();
    // it stays where the admin saw it
    expect(names()).toEqual(['Nadia Fathy', 'Tarek Helmy']);
  });
});
