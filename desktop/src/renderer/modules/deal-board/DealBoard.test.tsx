import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, PIPELINE_STATUSES, type DealBoard, type DealCard, type PipelineStatus } from '@crm/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminUser, fail, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { deferred, fakeCrmApi, testId } from '../../test/fake-crm-api';

const card = (name: string, status: PipelineStatus, amount: number, extra: Partial<DealCard> = {}): DealCard => ({
  _id: testId(),
  name,
  phone: '+201001234567',
  status,
  amount,
  products: [{ name: 'Oud Perfume 50ml', qty: 2 }],
  assignedTo: { _id: adminUser._id, name: 'Amira Admin' },
  createdAt: '2026-03-01T10:00:00.000Z',
  enteredStatusAt: '2026-03-02T10:00:00.000Z',
  daysInStatus: 5,
  stale: false,
  ...extra,
});
const tarek = card('Tarek Helmy', 'new', 2500, { stale: true });
const aya = card('Aya Zaki', 'new', 700);
const board = (): DealBoard => ({
  columns: PIPELINE_STATUSES.map((status) => ({
    status,
    count: status === 'new' ? 40 : 0,
    amount: status === 'new' ? 64_000 : 0,
    page: 1,
    hasMore: status === 'new',
    items: status === 'new' ? [tarek, aya] : [],
  })),
});

const column = (name: RegExp) => screen.getByRole('region', { name });

async function openBoard(move: Parameters<typeof fakeCrmApi>[1][string], more: Parameters<typeof fakeCrmApi>[1] = {}) {
  const api = fakeCrmApi(adminUser, {
    'GET /api/deals/board': () => ok(board()),
    'GET /api/deals/settings': () => ok({ staleDays: { new: 3 }, lostReasons: ['Too expensive', 'No answer'] }),
    [`PATCH /api/deals/${tarek._id}/status`]: move,
    ...more,
  });
  const view = renderApp('/sales');
  await screen.findByRole('heading', { name: 'Sales Pipeline', level: 1 });
  await screen.findByText('Tarek Helmy');
  return { ...view, ...api };
}

async function moveTarekTo(user: ReturnType<typeof renderApp>['user'], status: string) {
  await user.click(screen.getByRole('button', { name: 'Move Tarek Helmy to another status' }));
  await user.click(await screen.findByRole('menuitem', { name: status }));
}

describe('the deal board', { timeout: 15_000 }, () => {
  beforeEach(() => localStorage.setItem(`crm-sales-view:${adminUser._id}`, 'board'));

  it('heads each column with its count and total over the whole filter, and shows the cards', async () => {
    await openBoard(() => ok({}));
    expect(column(/^New: 40 deals, EGP\s64,000$/)).toBeInTheDocument();
    expect(column(/^Won: 0 deals/)).toBeInTheDocument();
    const tarekCard = screen.getByRole('button', { name: 'Tarek Helmy' });
    expect(tarekCard).toHaveTextContent(/EGP\s2,500/);
    expect(tarekCard).toHaveTextContent('Oud Perfume 50ml × 2');
    expect(tarekCard).toHaveTextContent('5 d in this stage');
    expect(within(tarekCard).getByText('Stale')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: 'Aya Zaki' })).queryByText('Stale')).toBeNull();
    expect(within(tarekCard).getByRole('link', { name: 'Tarek Helmy' })).toHaveAttribute('href', `/contacts/${tarek._id}`);
    expect(within(tarekCard).getByRole('link', { name: 'Open the chat with Tarek Helmy' })).toHaveAttribute('href', `/whatsapp?contactId=${tarek._id}`);
  });

  it('shows a move at once and puts the card back, with a message, when the server refuses it', async () => {
    const answer = deferred();
    const { user, to } = await openBoard(() => answer.promise);
    await moveTarekTo(user, 'Contacted');
    // at once: in Contacted, with the totals following
    expect(within(column(/^Contacted: 1 deals, EGP\s2,500$/)).getByText('Tarek Helmy')).toBeInTheDocument();
    expect(column(/^New: 39 deals, EGP\s61,500$/)).toBeInTheDocument();
    expect(to('PATCH', `/api/deals/${tarek._id}/status`)[0].body).toEqual({ status: 'contacted' });

    answer.release(json(403, { ok: false, error: 'This contact is assigned to someone else.', code: 'contact.assigned_elsewhere' }));
    await waitFor(() => expect(within(column(/^New: 40 deals, EGP\s64,000$/)).getByText('Tarek Helmy')).toBeInTheDocument());
    expect(within(column(/^Contacted: 0 deals/)).queryByText('Tarek Helmy')).toBeNull();
    expect(await screen.findByText(/Tarek Helmy was put back: the move was not saved\. This contact is assigned to someone else/)).toBeInTheDocument();
  });

  it('puts back only the refused card: a move made while it was on its way stays', { timeout: 30_000 }, async () => {
    const refused = deferred();
    fakeCrmApi(adminUser, {
      'GET /api/deals/board': () => ok(board()),
      'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
      [`PATCH /api/deals/${tarek._id}/status`]: () => refused.promise,
      [`PATCH /api/deals/${aya._id}/status`]: () => ok({}),
    });
    const { user } = renderApp('/sales');
    await screen.findByText('Tarek Helmy');
    await moveTarekTo(user, 'Contacted');
    await user.click(screen.getByRole('button', { name: 'Move Aya Zaki to another status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Qualified' }));
    expect(await screen.findByText(/Aya Zaki moved to Qualified/)).toBeInTheDocument();

    refused.release(json(403, { ok: false, error: 'This contact is assigned to someone else.', code: 'contact.assigned_elsewhere' }));
    await waitFor(() => expect(within(column(/^New: 39 deals, EGP\s63,300$/)).getByText('Tarek Helmy')).toBeInTheDocument());
    expect(within(column(/^New: 39 deals/)).queryByText('Aya Zaki')).toBeNull();
    expect(within(column(/^Qualified: 1 deals, EGP\s700$/)).getByText('Aya Zaki')).toBeInTheDocument();
    expect(column(/^Contacted: 0 deals, EGP\s0$/)).toBeInTheDocument();
  });

  it('asks why a deal was lost before moving it, and sends the reason', async () => {
    const { user, to } = await openBoard(() => ok({}));
    await moveTarekTo(user, 'Lost');
    const dialog = await screen.findByRole('dialog', { name: 'Why was this deal lost?' });
    expect(to('PATCH', `/api/deals/${tarek._id}/status`)).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Mark as lost' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('combobox', { name: /Reason/ }), 'Found it cheaper elsewhere');
    await user.click(confirm);
    await waitFor(() => expect(to('PATCH', `/api/deals/${tarek._id}/status`)).toHaveLength(1));
    expect(to('PATCH', `/api/deals/${tarek._id}/status`)[0].body).toEqual({ status: 'lost', lostReason: 'Found it cheaper elsewhere' });
    expect(within(column(/^Lost: 1 deals/)).getByText('Tarek Helmy')).toBeInTheDocument();
  });

  it("says the company's lost reasons could not be loaded, and Retry offers them", async () => {
    let answer = () => fail(500, 'Settings are unavailable');
    const { user } = await openBoard(() => ok({}), { 'GET /api/deals/settings': () => answer() });
    await moveTarekTo(user, 'Lost');
    const dialog = await screen.findByRole('dialog', { name: 'Why was this deal lost?' });
    expect(await within(dialog).findByText('Settings are unavailable')).toBeInTheDocument();
    answer = () => ok({ staleDays: {}, lostReasons: ['Too expensive', 'No answer'] });
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(dialog).queryByText('Settings are unavailable')).not.toBeInTheDocument());
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    expect(await screen.findByRole('option', { name: 'Too expensive' })).toBeInTheDocument();
  });

  it('cancelling the lost dialog leaves the deal where it was', async () => {
    const { user, to } = await openBoard(() => ok({}));
    await moveTarekTo(user, 'Lost');
    const dialog = await screen.findByRole('dialog', { name: 'Why was this deal lost?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(column(/^New: 40 deals/)).getByText('Tarek Helmy')).toBeInTheDocument();
    expect(to('PATCH', `/api/deals/${tarek._id}/status`)).toHaveLength(0);
  });

  it('loads the next page of a column', async () => {
    const more = card('Omar Said', 'new', 100);
    const { user, to } = await openBoard(() => ok({}));
    const api = to('GET', '/api/deals/board/new');
    expect(api).toHaveLength(0);
    // the fake answers the column page too
    fakeCrmApiColumn(more);
    await user.click(within(column(/^New: 40 deals/)).getByRole('button', { name: 'Load more' }));
    expect(await within(column(/^New: 40 deals/)).findByText('Omar Said')).toBeInTheDocument();
  });

  it("loads a column's next page when it is scrolled to its end, once", async () => {
    const more = card('Omar Said', 'new', 100);
    await openBoard(() => ok({}));
    const asked = fakeCrmApiColumn(more);
    const viewport = document.getElementById('deal-column-new')!;
    // jsdom lays nothing out: the column is 2,000 px of cards in a 500 px window
    Object.defineProperty(viewport, 'scrollHeight', { configurable: true, value: 2_000 });
    Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 500 });
    const scrollTo = (y: number) => {
      viewport.scrollTop = y;
      fireEvent.scroll(viewport);
    };
    // far from the end: nothing more is asked for
    scrollTo(400);
    expect(within(column(/^New: 40 deals/)).queryByText('Omar Said')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
    // near the end, scrolled on: one request for page 2, and its cards show under the others
    scrollTo(1_400);
    scrollTo(1_500);
    expect(await within(column(/^New: 40 deals/)).findByText('Omar Said')).toBeInTheDocument();
    expect(asked).toEqual(['2']);
  });

  it('reads its filters from the address and sends them with every board and column request', async () => {
    const rep = '0190a0b0-0000-7000-8000-000000000002';
    const product = '0190a0b0-0000-7000-8000-0000000000f1';
    const { requests } = fakeCrmApi(adminUser, {
      'GET /api/deals/board': () => ok(board()),
      'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
      'GET /api/auth/users': () => ok([{ _id: rep, name: 'Samir Sales' }]),
    });
    renderApp(`/sales?q=Tarek&assignedTo=${rep}&productId=${product}&productName=Oud&from=2026-03-01&to=2026-03-31`);
    await screen.findByText('Tarek Helmy');
    const sent = requests.filter((r) => r.path === '/api/deals/board').at(-1)!.query;
    expect(Object.fromEntries(sent)).toMatchObject({ q: 'Tarek', assignedTo: rep, productId: product, from: '2026-03-01', to: '2026-03-31' });
    expect(await screen.findByRole('combobox', { name: 'Assigned To' })).toHaveValue(rep);
  });

  it('says the sales users could not be loaded under Assigned To, and Retry fills the list', async () => {
    let answer = () => fail(500, 'Users are unavailable');
    fakeCrmApi(adminUser, {
      'GET /api/deals/board': () => ok(board()),
      'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
      'GET /api/auth/users': () => answer(),
    });
    const { user } = renderApp('/sales');
    await screen.findByText('Tarek Helmy');
    expect(await screen.findByText('Users are unavailable')).toBeInTheDocument();
    answer = () => ok([{ _id: '0190a0b0-0000-7000-8000-000000000002', name: 'Samir Sales' }]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('option', { name: 'Samir Sales' })).toBeInTheDocument();
    expect(screen.queryByText('Users are unavailable')).not.toBeInTheDocument();
  });

  it('remembers the Table / Board choice per user', async () => {
    localStorage.removeItem(`crm-sales-view:${adminUser._id}`);
    const { user } = await openTable();
    await user.click(screen.getByText('Board'));
    expect(localStorage.getItem(`crm-sales-view:${adminUser._id}`)).toBe('board');
    expect(await screen.findByText('Tarek Helmy')).toBeInTheDocument();
  });
});

/** Adds the column page to the fake server of the current test (fetch is replaced per test). */
/** Answers the New column's page 2 with `more`; answers the pages asked for. */
function fakeCrmApiColumn(more: DealCard): string[] {
  const asked: string[] = [];
  const current = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/deals/board/new') {
      asked.push(url.searchParams.get('page')!);
      expect(url.searchParams.get('page')).toBe('2');
      return ok({ status: 'new', count: 40, amount: 64_000, page: 2, hasMore: false, items: [more] });
    }
    return current(input, init);
  }) as typeof fetch;
  return asked;
}

async function openTable() {
  const api = fakeCrmApi(adminUser, {
    'GET /api/contacts': () => ok({ items: [], total: 0 }),
    'GET /api/products': () => ok({ items: [], total: 0 }),
    'GET /api/deals/board': () => ok(board()),
    'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
  });
  const view = renderApp('/sales');
  await screen.findByRole('table', { name: 'Deals' });
  return { ...view, ...api };
}

// One run per language (the Arabic copy only repeated it): texts from each catalogue.
describe('the deal board in each language', { timeout: 15_000 }, () => {
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, number>) => catalogueText(language, `dealBoard:${key}`, values);

    it('runs in the direction of the language, with its heads, card texts and drag instructions', async () => {
      const heba = card('هبة منصور', 'won', 2500, { products: [], assignedTo: null, daysInStatus: 2, stale: true });
      const wonOnly: DealBoard = {
        columns: PIPELINE_STATUSES.map((status) => ({ status, count: status === 'won' ? 1 : 0, amount: status === 'won' ? 2500 : 0, page: 1, hasMore: false, items: status === 'won' ? [heba] : [] })),
      };
      localStorage.setItem(`crm-sales-view:${adminUser._id}`, 'board');
      fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/deals/board': () => ok(wonOnly), 'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }) });
      renderApp('/sales');
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const shown = await screen.findByRole('button', { name: heba.name! });
      expect(shown).toHaveTextContent(text('card.days', { days: 2 }));
      expect(shown).toHaveTextContent(text('card.stale'));
      expect(shown).toHaveTextContent(text('card.unassigned'));
      expect(screen.getByRole('radio', { name: text('view.board') })).toBeChecked();
      expect(screen.getByText(text('dnd.instructions'))).toBeInTheDocument();
    });
  });
});
