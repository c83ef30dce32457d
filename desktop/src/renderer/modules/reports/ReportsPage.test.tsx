import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { bridge } from '../../lib/bridge';
import { todayDay } from '../../lib/format';
import { adminUser, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { deferred, fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';

import { rep, reportData } from './testing/report-data';

async function openReports(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(adminUser, { 'GET /api/reports/detailed': () => ok(reportData), ...handlers });
  const view = renderApp('/reports');
  await screen.findByRole('heading', { name: 'Detailed Reports', level: 1 });
  return { ...view, ...api };
}
const card = (name: string) => screen.getByRole('group', { name });

describe('Detailed Reports', { timeout: 20_000 }, () => {
  it('shows the six KPI cards and the three charts', async () => {
    await openReports();
    await waitFor(() => expect(card('New Leads')).toHaveTextContent('120'), { timeout: 5000 });
    expect(card('Won Deals')).toHaveTextContent('12');
    expect(card('Sales Revenue')).toHaveTextContent(/EGP\s105,754\.5/);
    expect(card('Total Expenses')).toHaveTextContent(/EGP\s1,250\.5/);
    expect(card('Conversion Rate')).toHaveTextContent('10.00%');
    expect(card('Avg Deal Size')).toHaveTextContent(/EGP\s8,812\.88/);
    for (const chart of ['Pipeline Overview', 'Expenses by Category']) {
      const section = screen.getByRole('region', { name: chart });
      expect(within(section).getByRole('img', { name: chart })).toBeInTheDocument();
    }
    // revenue and deals each on their own chart and scale (charts.test.tsx draws them)
    const revenue = screen.getByRole('region', { name: 'Revenue Over Time' });
    expect(
      within(revenue)
        .getAllByRole('img')
        .map((img) => img.getAttribute('aria-label')),
    ).toEqual(['Revenue by month', 'Deals by month']);
  });

  it('filters by From Date, To Date and Sales Person (All Sales by default)', async () => {
    const { user, to } = await openReports();
    await waitFor(() => expect(to('GET', '/api/reports/detailed')).toHaveLength(1));
    expect(to('GET', '/api/reports/detailed')[0].query.get('assignedTo')).toBeNull();
    const select = screen.getByRole('combobox', { name: 'Sales Person' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Sales', 'Mona Sales']),
    );
    await user.selectOptions(select, rep._id);
    await waitFor(() => expect(to('GET', '/api/reports/detailed').at(-1)!.query.get('assignedTo')).toBe(rep._id));
    await user.type(screen.getByRole('textbox', { name: 'From Date' }), '2026-01-01');
    await waitFor(() => expect(to('GET', '/api/reports/detailed').at(-1)!.query.get('from')).toBe('2026-01-01'));
  });

  it('shows the empty texts and Generating reports... while loading', async () => {
    const pending = deferred();
    await openReports({ 'GET /api/reports/detailed': () => pending.promise });
    expect(screen.getByText('Generating reports...')).toBeInTheDocument();
    pending.release(ok({ ...reportData, pipeline: [], monthlyRevenue: [], expensePerformance: [] }));
    expect(await screen.findByText('No pipeline data.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('No monthly data.')).toBeInTheDocument();
    expect(screen.getByText('No expense data to display.')).toBeInTheDocument();
  });

  it('Export to Excel downloads the report of the filters and saves it through the bridge as Report_{date}.xlsx', async () => {
    const saveFile = vi.spyOn(bridge, 'saveFile').mockResolvedValue({ ok: true, value: { saved: true, path: '/tmp/Report.xlsx' } });
    try {
      const { user, to } = await openReports({
        'GET /api/reports/export': () => new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/octet-stream' } }),
      });
      const select = screen.getByRole('combobox', { name: 'Sales Person' });
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2), { timeout: 5000 });
      await user.selectOptions(select, rep._id);
      await waitFor(() => expect(to('GET', '/api/reports/detailed').at(-1)!.query.get('assignedTo')).toBe(rep._id));
      await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
      await waitFor(() => expect(saveFile).toHaveBeenCalled(), { timeout: 5000 });
      const [request] = saveFile.mock.calls[0];
      expect(request.defaultName).toBe(`Report_${todayDay()}.xlsx`);
      expect(request.filters).toEqual([{ name: 'Excel workbook', extensions: ['xlsx'] }]);
      expect(Array.from(request.data)).toEqual([80, 75, 3, 4]);
      const [call] = to('GET', '/api/reports/export');
      expect(call.query.get('assignedTo')).toBe(rep._id);
      expect(call.query.get('tz')).toBeTruthy();
      expect(await screen.findByText('Report exported.', {}, { timeout: 5000 })).toBeInTheDocument();
    } finally {
      saveFile.mockRestore();
    }
  });

  // One run per language (the Arabic copies of these two tests only repeated them): texts from each catalogue.
  const languages = LANGUAGES.map((language) => ({
    language,
    user: inLanguage(adminUser, language),
    heading: catalogueText(language, 'reports:title'),
    exportButton: catalogueText(language, 'reports:export'),
    exportFailed: catalogueText(language, 'reports:exportFailed'),
    loadFailed: catalogueText(language, 'reports:loadFailed'),
  }));

  it.for(languages)('alerts in $language when the export fails, and saves nothing', async ({ user: me, heading, exportButton, exportFailed }) => {
    const saveFile = vi.spyOn(bridge, 'saveFile');
    try {
      fakeCrmApi(me, { 'GET /api/reports/detailed': () => ok(reportData), 'GET /api/reports/export': () => new Response(null, { status: 500 }) });
      const { user } = renderApp('/reports');
      await screen.findByRole('heading', { name: heading, level: 1 });
      await user.click(await screen.findByRole('button', { name: exportButton }, { timeout: 5000 }));
      expect(await screen.findByText(exportFailed, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(saveFile).not.toHaveBeenCalled();
    } finally {
      saveFile.mockRestore();
    }
  });

  it.for(languages)('says in $language when the report fails', async ({ user: me, loadFailed }) => {
    fakeCrmApi(me, { 'GET /api/reports/detailed': () => new Response('x', { status: 502 }) });
    renderApp('/reports');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(loadFailed);
  });
});

// One run per language (the Arabic copy only repeated it): texts from each catalogue.
describe.each(LANGUAGES)('Detailed Reports in %s', (language) => {
  const text = (key: string) => catalogueText(language, `reports:${key}`);

  it('shows the filters, cards and chart titles in the language and its direction, the charts left to right inside', { timeout: 20_000 }, async () => {
    fakeCrmApi(inLanguage(adminUser, language), { 'GET /api/reports/detailed': () => ok(reportData) });
    renderApp('/reports');
    await screen.findByRole('heading', { name: text('title'), level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(screen.getByRole('textbox', { name: text('fromDate') })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: text('salesPerson') })).toHaveTextContent(text('allSales'));
    await waitFor(() => expect(card(text('kpis.leads'))).toHaveTextContent('120'), { timeout: 5000 });
    expect(card(text('kpis.sales'))).toHaveTextContent('12');
    expect(screen.getByRole('img', { name: text('charts.expenses') })).toHaveAttribute('dir', 'ltr');
    const revenue = screen.getByRole('region', { name: text('charts.revenueOverTime') });
    expect(within(revenue).getByRole('img', { name: text('charts.revenuePlot') })).toHaveAttribute('dir', 'ltr');
    expect(within(revenue).getByRole('img', { name: text('charts.dealsPlot') })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: text('export') })).toBeInTheDocument();
  });
});

describe('Team Performance', { timeout: 20_000 }, () => {
  it('picks a sales rep and shows their cards with a one-decimal conversion rate', async () => {
    const api = fakeCrmApi(adminUser, {
      'GET /api/auth/users': () => ok([salesUser]),
      [`GET /api/reports/sales-performance/${salesUser._id}`]: () => ok({ totalAssigned: 3, convertedToCustomer: 1, totalSalesDeals: 2, totalSalesAmount: 500, conversionRate: 66.7 }),
    });
    const { user } = { ...renderApp('/team/performance'), ...api };
    await screen.findByRole('heading', { name: 'Team Performance', level: 1 });
    const select = screen.getByRole('combobox', { name: 'Sales Rep' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, salesUser._id);
    await waitFor(() => expect(card('Total Assigned')).toHaveTextContent('3'), { timeout: 5000 });
    expect(card('Converted to Customer')).toHaveTextContent('1');
    expect(card('Total Sales Deals')).toHaveTextContent('2');
    expect(card('Total Sales Amount')).toHaveTextContent(/EGP\s500/);
    expect(card('Conversion Rate')).toHaveTextContent('66.7%');
  });

  it('says when the sales users or the figures cannot be loaded', async () => {
    fakeCrmApi(adminUser, { 'GET /api/auth/users': () => new Response('x', { status: 502 }) });
    renderApp('/team/performance');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Could not load the list of sales users.');
  });

  it('says when the figures of the chosen rep cannot be loaded', async () => {
    const api = fakeCrmApi(adminUser, {
      'GET /api/auth/users': () => ok([salesUser]),
      [`GET /api/reports/sales-performance/${salesUser._id}`]: () => new Response('x', { status: 502 }),
    });
    const { user } = { ...renderApp('/team/performance'), ...api };
    const select = await screen.findByRole('combobox', { name: 'Sales Rep' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(select, salesUser._id);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Could not fetch performance data for this user.');
  });
});
