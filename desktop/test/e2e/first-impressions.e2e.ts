import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';
import { ARTEFACTS_DIR } from './paths';

/**
 * First impressions, in Chromium against the demo: amounts on one line, labels that do
 * not wrap, pipeline tiles whose figures line up, one-line deal rows, at 1280×800 and 1440×900;
 * Admin Insights' Total Companies for a super session only; a colleague's contact says whose it is.
 * Screenshots go to desktop/test-artefacts/.
 */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await mkdir(ARTEFACTS_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page, email: string, password = 'Demo@12345'): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function api<T>(pathname: string, token?: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api${pathname}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await response.json()) as { ok: boolean; data: T; error?: string };
  if (!body.ok) throw new Error(`${pathname}: ${body.error}`);
  return body.data;
}
const login = async (email: string, password = 'Demo@12345') => (await api<{ token: string }>('/auth/login', undefined, { method: 'POST', body: JSON.stringify({ email, password }) })).token;

type Box = { text: string; height: number; lineHeight: number; rects: number; clipped: boolean };

/** Every element matching `selector`: its height against its line height, and how many line boxes it has. */
function measure(page: Page, selector: string): Promise<Box[]> {
  return page.$$eval(selector, (elements) =>
    elements.map((element) => {
      const style = getComputedStyle(element);
      const fontSize = parseFloat(style.fontSize);
      const lineHeight = style.lineHeight === 'normal' ? fontSize * 1.25 : parseFloat(style.lineHeight);
      // an inline amount: one client rect per line it occupies
      const inner = element.querySelector('bdi') ?? element;
      return {
        text: (element.textContent ?? '').trim(),
        height: element.getBoundingClientRect().height,
        lineHeight,
        rects: inner.getClientRects().length,
        clipped: element.scrollWidth > element.clientWidth + 1,
      };
    }),
  );
}

function expectOneLine(boxes: Box[], what: string): void {
  expect(boxes.length, what).toBeGreaterThan(0);
  for (const box of boxes) {
    expect(box.rects, `${what} "${box.text}" line boxes`).toBe(1);
    expect(box.height, `${what} "${box.text}" height ${box.height} vs line ${box.lineHeight}`).toBeLessThan(box.lineHeight * 1.5);
  }
}

/** Tops of the figures of the tiles in one section, grouped by the row of tiles they are in. */
function figureTopsByRow(page: Page, section: string): Promise<number[][]> {
  return page.$$eval(`${section} [data-tile-figure]`, (figures) => {
    const rows = new Map<number, number[]>();
    for (const figure of figures) {
      const tile = figure.closest('[role="group"], button') ?? figure.parentElement!;
      const rowTop = Math.round(tile.getBoundingClientRect().top);
      rows.set(rowTop, [...(rows.get(rowTop) ?? []), figure.getBoundingClientRect().top]);
    }
    return [...rows.values()];
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTEFACTS_DIR, `${name}.png`), fullPage: true });

describe('first impressions in Chromium against the demo', () => {
  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`dashboard at ${size}: the money and every figure on one line, 'Conversion Rate' unwrapped`, async (test) => {
      const page = await openPage(browser, test, '/login');
      await page.setViewportSize(viewport);
      await signIn(page, 'admin@demo.test');
      const amount = page.locator('[data-stat-value] [data-amount]');
      await amount.first().waitFor();
      expect(await amount.first().innerText()).toMatch(/^EGP\s[\d,]+(\.\d{2})?$/);

      expectOneLine(await measure(page, '[data-amount]'), 'amount');
      expectOneLine(await measure(page, '[data-stat-value]'), 'stat figure');
      const labels = await measure(page, '[data-stat-label]');
      expectOneLine(labels, 'stat label');
      const conversion = labels.find((label) => label.text === 'Conversion Rate');
      expect(conversion, 'Conversion Rate label').toBeDefined();
      expect(conversion!.clipped, 'Conversion Rate is shown whole').toBe(false);
      for (const figure of await measure(page, '[data-stat-value]')) expect(figure.clipped, `figure "${figure.text}" fits its card`).toBe(false);
      await shot(page, `dashboard-${size}`);
    });

    it(`pipeline at ${size}: tile figures at one height per row, amounts on one line, one-line deal rows`, async (test) => {
      const page = await openPage(browser, test, '/login');
      await page.setViewportSize(viewport);
      await signIn(page, 'admin@demo.test');
      await page.goto(`${inject('baseUrl')}/sales`);
      await page.getByRole('heading', { name: 'Sales Pipeline', level: 1 }).waitFor();
      const rows = page.getByRole('table', { name: 'Deals' }).locator('tbody tr');
      await rows.first().locator('[data-amount]').waitFor();

      for (const section of ['section[aria-label="Summary of the filtered deals"]', 'section[aria-label="Deals by pipeline status"]']) {
        const byRow = await figureTopsByRow(page, section);
        expect(byRow.length, section).toBeGreaterThan(0);
        for (const tops of byRow) expect(Math.max(...tops) - Math.min(...tops), `${section} figures of a row`).toBeLessThanOrEqual(1);
      }
      expectOneLine(await measure(page, '[data-amount]'), 'amount');
      for (const figure of await measure(page, '[data-tile-figure]')) expect(figure.clipped, `tile figure "${figure.text}" fits`).toBe(false);

      // A row never grows with its products: the first product and '+N' on one line.
      const heights = await rows.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().height));
      expect(heights.length).toBeGreaterThan(0);
      for (const height of heights) expect(height).toBeLessThan(60);
      expectOneLine(await measure(page, '[data-product-badges]'), 'products');

      // 'View Profile' is whole and inside the visible part of the table (1280 px cut it)
      const cut = await page.getByRole('table', { name: 'Deals' }).evaluate((table) => {
        let viewport: HTMLElement | null = table.parentElement;
        while (viewport && getComputedStyle(viewport).overflowX === 'visible') viewport = viewport.parentElement;
        const view = (viewport ?? table).getBoundingClientRect();
        return [...table.querySelectorAll('tbody a[href^="/contacts/"]')]
          .map((link) => ({ text: link.textContent ?? '', box: link.getBoundingClientRect(), clipped: link.scrollWidth > link.clientWidth + 1 }))
          .filter(({ box, clipped }) => clipped || box.left < view.left - 1 || box.right > view.right + 1)
          .map(({ text }) => text);
      });
      expect(cut, 'View Profile links cut').toEqual([]);
      await shot(page, `pipeline-${size}`);
    });
  }

  it('shows Total Companies beside Total Users for a super session, and only there', async (test) => {
    const page = await openPage(browser, test, '/login');
    await page.setViewportSize(VIEWPORTS[1]);
    await signIn(page, 'admin@demo.test');
    await page.getByRole('group', { name: 'Total Users' }).waitFor();
    expect(await page.getByRole('group', { name: 'Total Companies' }).count()).toBe(0);

    await page.goto(`${inject('baseUrl')}/super/login`);
    await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    await page.goto(`${inject('baseUrl')}/`);
    const companies = page.getByRole('group', { name: 'Total Companies' });
    await expect.poll(() => companies.innerText(), { timeout: 15_000 }).toMatch(/\b1\b/);
    await page.getByRole('group', { name: 'Total Users' }).waitFor();
    await shot(page, 'dashboard-super-session');
  });

  it("tells a sales rep that a colleague's contact is assigned to someone else", async (test) => {
    const admin = await login('admin@demo.test');
    const users = await api<{ _id: string; email: string }[]>('/auth/users', admin);
    const sales2 = users.find((u) => u.email === 'sales2@demo.test')!;
    const theirs = (await api<{ items: { _id: string }[] }>(`/contacts?assignedTo=${sales2._id}&limit=1`, admin)).items[0];

    const page = await openPage(browser, test, '/login');
    await page.setViewportSize(VIEWPORTS[0]);
    await signIn(page, 'sales1@demo.test');
    await page.goto(`${inject('baseUrl')}/contacts/${theirs._id}`);
    await page.getByText('This contact is assigned to someone else.', { exact: false }).waitFor();
    expect(await page.getByText('Contact not found.').count()).toBe(0);
    await shot(page, 'contact-assigned-elsewhere');
  });
});
