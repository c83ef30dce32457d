import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';

/*
 * The deal board end to end, in two Chromiums against the real backend: a deal dragged with the
 * mouse in one browser moves on the other's open board without a reload (deal:update), and a deal
 * moved with the keyboard (space, arrow, space) is saved.
 */

let first: Browser;
let second: Browser;
beforeAll(async () => {
  first = await launchBrowser();
  second = await launchBrowser();
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const mobile = () => `+2010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

type Envelope<T> = { ok: boolean; data: T; error?: string };

async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.error ?? ''}`);
  return envelope.data;
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** A new deal in the first status, found on the board by its name. */
async function newDeal(page: Page, name: string): Promise<string> {
  const lead = await call<{ _id: string }>(page, 'POST', '/contacts', { name, phone: mobile() });
  await call(page, 'PATCH', `/contacts/${lead._id}/stage`, { stage: 'customer' });
  await call(page, 'PATCH', `/contacts/${lead._id}/stage`, { stage: 'sales' });
  return lead._id;
}

/** The board of /sales, searched down to this run's deals. */
async function openBoard(page: Page): Promise<void> {
  await page.goto(`${inject('baseUrl')}/sales?q=${run}`);
  // the Table / Board switch (Mantine draws the radio under its label)
  await page.locator('label', { hasText: /^Board$/ }).click();
  await page.getByRole('region', { name: /^New: / }).waitFor();
}

const column = (page: Page, status: string): Locator => page.getByRole('region', { name: new RegExp(`^${status}: `) });
const cardIn = (page: Page, status: string, name: string): Locator => column(page, status).getByRole('button', { name, exact: true });

describe('the deal board in Chromium against the real backend', () => {
  it("a deal dragged with the mouse in one browser moves on the other browser's open board", async (test) => {
    const a = await openPage(first, test, '/login');
    const b = await openPage(second, test, '/login');
    await signInAsAdmin(a);
    await signInAsAdmin(b);
    const name = `Drag ${run}`;
    await newDeal(a, name);
    await openBoard(a);
    await openBoard(b);
    await cardIn(b, 'New', name).waitFor();

    const card = await cardIn(a, 'New', name).boundingBox();
    const target = await column(a, 'Contacted').boundingBox();
    if (!card || !target) throw new Error('card or column not laid out');
    // dnd-kit's pointer sensor starts a drag after a small move: press, move in steps, release
    await a.mouse.move(card.x + card.width / 2, card.y + 12);
    await a.mouse.down();
    await a.mouse.move(card.x + card.width / 2 + 10, card.y + 20, { steps: 5 });
    await a.mouse.move(target.x + target.width / 2, target.y + 80, { steps: 20 });
    await a.mouse.up();

    await cardIn(a, 'Contacted', name).waitFor();
    // the other browser, without a reload
    await cardIn(b, 'Contacted', name).waitFor({ timeout: 10_000 });
    expect(await cardIn(b, 'New', name).count()).toBe(0);
  });

  it('moves a deal with the keyboard: space to lift, arrows to the next column, space to drop', async (test) => {
    const page = await openPage(first, test, '/login');
    await signInAsAdmin(page);
    const name = `Keys ${run}`;
    const id = await newDeal(page, name);
    await openBoard(page);
    await cardIn(page, 'New', name).focus();
    await page.keyboard.press('Space');
    // each key waits until the board has taken the one before: a busy machine may measure the columns after the key is pressed
    await expect.poll(async () => cardIn(page, 'New', name).getAttribute('aria-pressed')).toBe('true');
    // one arrow press carries the lifted card to the next column
    await page.keyboard.press('ArrowRight');
    await page.getByText(`${name} is over Contacted.`).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await cardIn(page, 'Contacted', name).waitFor();
    await expect.poll(async () => (await call<{ salesData: { pipeline_status: string } }>(page, 'GET', `/contacts/${id}`)).salesData.pipeline_status).toBe('contacted');
  });
});
