import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

/*
 * The contact screens end to end, in Chromium against the real backend in demo mode (demo users,
 * products and shipping companies): a lead's whole way to a won deal, the CSV import and the
 * leads export.
 */

let browser: Browser;
let workDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  workDir = await mkdtemp(path.join(tmpdir(), 'crm-e2e-contacts-'));
});
afterAll(async () => {
  await browser?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/*
 * Names carry no digits: the server also matches a search's digits (3 or more) against phones, so
 * "E2E Lead 1a2b3" would find unrelated contacts too.
 */
const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** An Egyptian mobile number nobody in the demo data has: 01[0125] + 8 digits. */
const mobile = (prefix: '010' | '011' | '012' | '015') => `${prefix}${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** Intl writes a no-break space after the currency code. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function dashboardFigures(page: Page) {
  await page.goto(`${inject('baseUrl')}/`);
  const value = (label: string) => page.getByTestId(`stat-${label}`);
  await value('Sales Deals').waitFor();
  return {
    leads: amountOf(await value('Leads').innerText()),
    sales: amountOf(await value('Sales Deals').innerText()),
    salesAmount: amountOf(await value('Sales Amount').innerText()),
  };
}

async function searchList(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().includes('/api/contacts?') && new URL(r.url()).searchParams.get('q') === text);
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await answered;
}

describe('contact screens in Chromium against the real backend', () => {
  it('takes a new lead through assignment, customer and sales to a won deal that the pipeline and dashboard count', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    const before = await dashboardFigures(page);

    // Add a lead → its profile.
    const name = `Browser Lead ${run}`;
    const phone = mobile('010');
    await page.goto(`${inject('baseUrl')}/leads`);
    await page.getByRole('link', { name: '+ Add Lead' }).click();
    await page.getByRole('heading', { name: 'Add New Lead', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await page.getByRole('textbox', { name: 'Email' }).fill(`lead-${run}@example.com`);
    await page.getByRole('button', { name: 'Add Lead' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(urlPath(page)).toMatch(/^\/contacts\/[0-9a-f-]{36}$/);
    const profilePath = urlPath(page);

    // It appears in Leads, dealt to a sales user by the demo company's round-robin; (re)assign it.
    await page.goto(`${inject('baseUrl')}/leads`);
    await searchList(page, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(async () => plain(await row.innerText())).toMatch(/Sara Sales|Omar Sales/);
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('button', { name: 'Assign Selected (1)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign to Sales' });
    await dialog.getByRole('combobox', { name: 'Sales person' }).selectOption({ label: 'Sara Sales' });
    await dialog.getByRole('button', { name: 'Confirm Assignment' }).click();
    await page.getByText('1 lead assigned to Sara Sales').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => plain(await row.innerText())).toContain('Sara Sales');
    await expect.poll(() => page.getByRole('button', { name: 'Assign Selected (0)' }).isDisabled()).toBe(true);

    // Its profile: convert to customer, then move to sales (each asks first).
    await row.getByRole('link', { name: /View/ }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(urlPath(page)).toBe(profilePath);
    await page.getByText('Assigned to Sara Sales', { exact: true }).waitFor();
    for (const action of ['Convert to Customer', 'Move to Sales']) {
      await page.getByRole('button', { name: action }).click();
      const confirm = page.getByRole('dialog', { name: action });
      await confirm.getByRole('button', { name: action }).click();
      await confirm.waitFor({ state: 'hidden' });
    }
    await page.getByRole('button', { name: 'Revert to Lead' }).waitFor();
    await page.getByRole('button', { name: 'Sales Deal and Shipping Details' }).waitFor();
    const amount = page.getByRole('textbox', { name: 'Amount (EGP)' });
    expect(await amount.inputValue()).toBe('0');

    // Two products from the catalogue: the picker fills the prices, the amount follows.
    for (const n of [1, 2]) {
      await page.getByRole('button', { name: 'Add Product' }).click();
      await page.getByRole('combobox', { name: `Product ${n}` }).click();
      const options = page.getByRole('listbox', { name: `Product ${n}` }).getByRole('option');
      await options.nth(n - 1).waitFor();
      await options.nth(n - 1).click();
    }
    await page.getByRole('textbox', { name: 'Quantity 1' }).fill('2');
    const price1 = amountOf(await page.getByRole('textbox', { name: 'Price 1' }).inputValue());
    const price2 = amountOf(await page.getByRole('textbox', { name: 'Price 2' }).inputValue());
    expect(price1).toBeGreaterThan(0);
    expect(price2).toBeGreaterThan(0);
    const expected = price1 * 2 + price2;
    await expect.poll(async () => amountOf(await amount.inputValue())).toBe(expected);

    await page.getByRole('combobox', { name: 'Pipeline Status' }).selectOption('won');
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await page.getByText('Changes saved successfully').waitFor();
    await page.getByText('All changes saved').waitFor();

    // The pipeline shows the won deal with its amount and products.
    await page.goto(`${inject('baseUrl')}/sales`);
    await page.getByRole('heading', { name: 'Sales Pipeline', level: 1 }).waitFor();
    await searchList(page, name);
    const deal = page.getByRole('row').filter({ hasText: name });
    await deal.waitFor();
    const dealText = plain(await deal.innerText());
    expect(dealText).toContain('WON');
    expect(amountOf(dealText.match(/EGP ([\d,.]+)/)![1])).toBe(expected);
    expect(dealText).toMatch(/× 2/);
    expect(await deal.locator('.mantine-Badge-root').count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('won');
    await deal.waitFor();

    // The dashboard counts it: one more sales deal, its amount added, the lead gone from leads.
    const after = await dashboardFigures(page);
    expect(after.sales).toBe(before.sales + 1);
    expect(after.salesAmount).toBeCloseTo(before.salesAmount + expected, 2);
    expect(after.leads).toBe(before.leads);
  }, 180_000);

  it('imports leads from a CSV file on Add New Lead, shows the result, then lists them in Leads', async (test) => {
    const file = path.join(workDir, `leads-${run}.csv`);
    const phones = [mobile('011'), mobile('012')];
    await writeFile(file, ['Name,Phone,Email', `Browser Import A ${run},${phones[0]},import-a-${run}@example.com`, `Browser Import B ${run},${phones[1]},`, `Browser Import C ${run},,`].join('\n'));

    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    await page.goto(`${inject('baseUrl')}/leads/new`);
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByRole('button', { name: 'Import Leads' }).click();

    const result = page.getByRole('dialog', { name: 'Import finished' });
    await result.waitFor();
    expect(plain(await result.getByRole('group', { name: 'Created' }).innerText())).toMatch(/2$/);
    expect(plain(await result.getByRole('group', { name: 'Rows read' }).innerText())).toMatch(/3$/);
    const rejected = result.getByRole('table', { name: 'Rejected rows' });
    expect(plain(await rejected.innerText())).toMatch(/\b4\b/);
    await result.getByRole('button', { name: 'Go to Leads' }).click();
    await page.waitForURL('**/leads');

    await searchList(page, `Browser Import`);
    await page
      .getByRole('row')
      .filter({ hasText: `Browser Import A ${run}` })
      .waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Browser Import B ${run}` })
      .waitFor();
    expect(
      await page
        .getByRole('row')
        .filter({ hasText: `Browser Import C ${run}` })
        .count(),
    ).toBe(0);
  }, 120_000);

  it('exports the filtered leads to leads_{date}.xlsx whose rows read back', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    await page.goto(`${inject('baseUrl')}/leads`);
    // One of the leads the previous test imported (a run-unique name).
    await searchList(page, `Import A ${run}`);
    await page
      .getByRole('row')
      .filter({ hasText: `Browser Import A ${run}` })
      .waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^leads_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const saved = path.join(workDir, file.suggestedFilename());
    await file.saveAs(saved);

    const book = XLSX.read(await readFile(saved), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Name: `Browser Import A ${run}`, Email: `import-a-${run}@example.com`, Stage: 'lead' });
    expect(String(rows[0].Phone)).toMatch(/^\+2011\d{8}$/);
  }, 120_000);
});
