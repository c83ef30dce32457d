import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, type Expense } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage, languageOf } from '../../test/catalogue';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';
import { parseAmount } from './ExpensesPage';

const rent: Expense = { _id: testId(), title: 'Shop rent', amount: 8000, category: 'Rent', date: '2026-11-05', notes: 'November', createdAt: '2026-11-05T08:00:00Z' };
const listOf = (items: Expense[]) => ok({ items, total: items.length, totalAmount: items.reduce((n, e) => n + e.amount, 0) });

async function openExpenses(handlers: Record<string, CrmHandler> = {}, user = adminUser) {
  const api = fakeCrmApi(user, { 'GET /api/expenses': () => listOf([rent]), ...handlers });
  const view = renderApp('/expenses');
  await screen.findByRole('heading', { name: catalogueText(languageOf(user), 'expenses:title'), level: 1 });
  return { ...view, ...api };
}

// Typing-heavy tests on a shared 2-core machine: more room than the 5 s default.
describe('Expenses', { timeout: 15_000 }, () => {
  it('lists expenses with Title, Amount, Category, Date, Notes and Delete', async () => {
    await openExpenses();
    const table = screen.getByRole('table', { name: 'Expenses' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Amount', 'Category', 'Date', 'Notes', 'Actions']);
    const row = (await within(table).findByText('Shop rent')).closest('tr')!;
    expect(row).toHaveTextContent(/EGP\s8,000/);
    expect(row).toHaveTextContent('Rent');
    expect(row).toHaveTextContent('November');
    expect(within(row).getByRole('button', { name: 'Delete Shop rent' })).toHaveTextContent('Delete');
  });

  it("shows 'No expenses found' for an empty list and the server's error (or 'Error fetching expenses')", async () => {
    await openExpenses({ 'GET /api/expenses': () => listOf([]) });
    expect(await screen.findByText('No expenses found')).toBeInTheDocument();
  });

  it.each([
    [fail(500, 'Database unavailable'), 'Database unavailable'],
    [new Response('x', { status: 502 }), 'Error fetching expenses'],
  ])('shows a fetch failure', async (response, text) => {
    await openExpenses({ 'GET /api/expenses': () => response });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('requires a title and a numeric amount before sending', async () => {
    const { user, to } = await openExpenses();
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Ads');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '12abc');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Amount must be numeric')).toBeInTheDocument();
    expect(to('POST', '/api/expenses')).toHaveLength(0);
  });

  it('adds an expense and reloads the list', async () => {
    let added = false;
    const ads: Expense = { ...rent, _id: testId(), title: 'Facebook ads', amount: 1500.5, category: 'Marketing', notes: null };
    const { user, to } = await openExpenses({
      'GET /api/expenses': () => listOf(added ? [ads, rent] : [rent]),
      'POST /api/expenses': () => {
        added = true;
        return ok(ads);
      },
    });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Facebook ads');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '1,500.50');
    await user.type(screen.getByRole('textbox', { name: 'Category' }), 'Marketing');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Facebook ads')).toBeInTheDocument();
    expect(to('POST', '/api/expenses')[0].body).toMatchObject({ title: 'Facebook ads', amount: 1500.5, category: 'Marketing', date: null, notes: null });
    expect(screen.getByRole('textbox', { name: /Title/ })).toHaveValue('');
  });

  it("alerts the server's error when adding fails", async () => {
    const { user } = await openExpenses({ 'POST /api/expenses': () => fail(400, 'Amount is too large') });
    await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Ads');
    await user.type(screen.getByRole('textbox', { name: /Amount/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Add Expense' }));
    expect(await screen.findByText('Amount is too large')).toBeInTheDocument();
  });

  it("asks 'Delete this expense?' and deletes only when confirmed", async () => {
    let deleted = false;
    const { user, to } = await openExpenses({
      'GET /api/expenses': () => listOf(deleted ? [] : [rent]),
      [`DELETE /api/expenses/${rent._id}`]: () => {
        deleted = true;
        return ok({ message: 'Expense deleted.' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Shop rent' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this expense?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(to('DELETE', `/api/expenses/${rent._id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Shop rent' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No expenses found')).toBeInTheDocument();
    expect(to('DELETE', `/api/expenses/${rent._id}`)).toHaveLength(1);
  });

  it("alerts 'Error: {message}' when a delete fails without a server text", async () => {
    const { user } = await openExpenses({
      [`DELETE /api/expenses/${rent._id}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Shop rent' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error: Could not reach the server.')).toBeInTheDocument();
  });

  it('sends a sales user opening /expenses to the dashboard, without calling the server', async () => {
    const { to } = fakeCrmApi(salesUser, { 'GET /api/expenses': () => listOf([rent]) });
    const { router } = renderApp('/expenses');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Expenses', level: 1 })).not.toBeInTheDocument();
    expect(to('GET', '/api/expenses')).toHaveLength(0);
  });

  it('reads amounts with separators and Arabic digits', () => {
    expect(parseAmount('1,250.5')).toBe(1250.5);
    expect(parseAmount('٣٠٠')).toBe(300);
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('abc')).toBeNaN();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string>) => catalogueText(language, `expenses:${key}`, values);
    const rentWrittenInArabic: Expense = { ...rent, title: 'إيجار المحل', category: 'إيجار', notes: null };

    it('shows the heads, the total, the form labels and rules, the empty text and the delete confirmation', async () => {
      const { user } = await openExpenses({ 'GET /api/expenses': () => listOf([rentWrittenInArabic]) }, inLanguage(adminUser, language));
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const table = screen.getByRole('table', { name: text('title') });
      const row = (await within(table).findByText(rentWrittenInArabic.title)).closest('tr')!;
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['title', 'amount', 'category', 'date', 'notes', 'actions'].map((column) => text(`columns.${column}`)));
      const totalBefore = text('total', { amount: 'AMOUNT' }).split('AMOUNT')[0];
      expect(screen.getByText((content) => content.startsWith(totalBefore) && content.length > totalBefore.length)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: text('form.category') })).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: new RegExp(text('form.amount')) }), 'abc');
      await user.click(screen.getByRole('button', { name: text('form.submit') }));
      expect(await screen.findByText(text('form.titleRequired'))).toBeInTheDocument();
      expect(screen.getByText(text('form.amountNumeric'))).toBeInTheDocument();

      await user.click(within(row).getByRole('button', { name: text('delete.label', { title: rentWrittenInArabic.title }) }));
      const dialog = await screen.findByRole('dialog', { name: text('delete.title') });
      expect(dialog).toHaveTextContent(text('delete.confirm'));
      expect(within(dialog).getByRole('button', { name: text('delete.cancel') })).toBeInTheDocument();
    });

    it('shows the empty text', async () => {
      await openExpenses({ 'GET /api/expenses': () => listOf([]) }, inLanguage(adminUser, language));
      expect(await screen.findByText(text('empty'))).toBeInTheDocument();
    });
  });
});
