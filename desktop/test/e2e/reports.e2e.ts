import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';

/*
 * Detailed Reports end to end, in Chromium against the real backend in demo mode: the charts drawn
 * from the demo company's data, the Sales Person filter, and the Excel export whose KPI sheet says
 * what the cards say. Read-only: nothing other files rely on is changed.
 */

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = await mkdtemp(path.join(tmpdir(), 'crm-e2e-reports-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The figure of a card as a number: "EGP 12,345.50" → 12345.5, "12.34%" → 12.34. */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const KPI_CARDS = ['New Leads', 'Won Deals', 'Sales Revenue', 'Total Expenses', 'Conversion Rate', 'Avg Deal Size'] as const;
/** The export's KPI sheet names each card's figure (backend reports/report-export.ts). */
const SHEET_ROW_OF: Record<(typeof KPI_CARDS)[number], string> = {
  'New Leads': 'New Leads',
  'Won Deals': 'Won Deals',
  'Sales Revenue': 'Sales Revenue',
  'Total Expenses': 'Total Expenses',
  'Conversion Rate': 'Conversion Rate (%)',
  'Avg Deal Size': 'Avg Deal Size',
};

async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** The six cards as numbers, once the report has answered (no skeleton left). */
async function cards(page: Page): Promise<Record<(typeof KPI_CARDS)[number], number>> {
  const kpis = page.getByRole('region', { name: 'Key figures' });
  await page.getByText('Generating reports...').waitFor({ state: 'hidden' });
  const figures = {} as Record<(typeof KPI_CARDS)[number], number>;
  for (const label of KPI_CARDS) {
    const card = kpis.getByRole('group', { name: label, exact: true });
    const text = await card.innerText();
    figures[label] = amountOf(text.slice(text.indexOf(label) + label.length));
  }
  return figures;
}

/** Opens Detailed Reports and waits for the all-time report. */
async function openReports(page: Page): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports/detailed' && r.ok());
  await page.goto(`${inject('baseUrl')}/reports`);
  await page.getByRole('heading', { name: 'Detailed Reports', level: 1 }).waitFor();
  await answered;
}

/** Chooses a Sales Person and waits for the report of that rep. */
async function chooseRep(page: Page, name: string): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports/detailed' && new URL(r.url()).searchParams.has('assignedTo'));
  await page.getByRole('combobox', { name: 'Sales Person' }).selectOption({ label: name });
  await answered;
}

describe('Detailed Reports in Chromium against the real backend', () => {
  it("draws the pipeline bars, the revenue line and the expenses pie from the demo company's data", async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    await openReports(page);

    const all = await cards(page);
    expect(all['New Leads']).toBeGreaterThan(0);
    expect(all['Won Deals']).toBeGreaterThan(0);
    expect(all['Sales Revenue']).toBeGreaterThan(0);
    expect(all['Total Expenses']).toBeGreaterThan(0);

    // Each chart is drawn (an SVG with its marks), none shows its empty text.
    const chart = (title: string) => page.getByRole('img', { name: title });
    await chart('Pipeline Overview').locator('svg').first().waitFor();
    await chart('Revenue by month').locator('svg').first().waitFor();
    await chart('Deals by month').locator('svg').first().waitFor();
    await chart('Expenses by Category').locator('svg').first().waitFor();
    // one bar per pipeline status of the demo deals
    expect(await chart('Pipeline Overview').locator('svg g rect[width]').count()).toBeGreaterThanOrEqual(3);
    // the revenue and the deals line, each on its own chart and axis
    expect(await chart('Revenue by month').locator('svg path[fill="none"]').count()).toBeGreaterThanOrEqual(1);
    expect(await chart('Deals by month').locator('svg path[fill="none"]').count()).toBeGreaterThanOrEqual(1);
    expect(await chart('Deals by month').getByText('Deals', { exact: true }).count()).toBe(1);
    // a slice per expense category
    expect(await chart('Expenses by Category').locator('svg path').count()).toBeGreaterThanOrEqual(2);
    for (const empty of ['No pipeline data.', 'No monthly data.', 'No expense data to display.']) {
      expect(await page.getByText(empty).count()).toBe(0);
    }
  }, 120_000);

  it('the Sales Person filter changes the cards; the export of that view has a KPI sheet with the same figures', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    await openReports(page);
    const all = await cards(page);

    await chooseRep(page, 'Sara Sales');
    const sara = await cards(page);
    // her share of the company's leads and deals; expenses are the company's and stay
    expect(sara['New Leads']).toBeLessThan(all['New Leads']);
    expect(sara['Won Deals']).toBeLessThanOrEqual(all['Won Deals']);
    expect(sara['Sales Revenue']).toBeLessThan(all['Sales Revenue']);
    expect(sara['Total Expenses']).toBe(all['Total Expenses']);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Report_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const saved = path.join(workDir, file.suggestedFilename());
    await file.saveAs(saved);

    const book = XLSX.read(await readFile(saved), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['KPIs', 'Pipeline', 'Monthly Revenue', 'Expenses by Category', 'Lost Reasons', 'Days per Stage']);
    const rows = XLSX.utils.sheet_to_json<{ Metric: string; Value: number }>(book.Sheets.KPIs);
    const sheet = new Map(rows.map((r) => [r.Metric, r.Value]));
    for (const label of KPI_CARDS) {
      // the cards show money to the cent and the rate with two decimals
      expect(Math.round(Number(sheet.get(SHEET_ROW_OF[label])) * 100) / 100, label).toBe(sara[label]);
    }

    // back to All Sales: the company's figures again
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/reports/detailed' && !new URL(r.url()).searchParams.has('assignedTo'));
    await page.getByRole('combobox', { name: 'Sales Person' }).selectOption({ label: 'All Sales' });
    await answered;
    expect(await cards(page)).toEqual(all);
  }, 120_000);
});
