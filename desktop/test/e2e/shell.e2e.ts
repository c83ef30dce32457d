import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

const ADMIN_ONLY = ['Expenses', 'Products', 'Shipping', 'Reports'];
const TEAM = ['Users', 'Performance', 'Tasks', 'Settings'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function sidebarLinks(page: Page): Promise<string[]> {
  const links = sidebar(page).getByRole('link');
  return (await links.allInnerTexts()).map((text) => text.trim());
}

describe('desktop/web shell in Chromium against the real backend', () => {
  it('sends a visitor to /login, and signs the demo admin in to the dashboard with the admin sidebar', async (test) => {
    const page = await openPage(browser, test, '/');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(urlPath(page)).toBe('/login');

    // Demo mode: the form is prefilled with the demo administrator.
    await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe('admin@demo.test');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(urlPath(page)).toBe('/');
    const links = await sidebarLinks(page);
    for (const label of ['Dashboard', 'WhatsApp', 'Leads', 'Customers', 'Sales', ...ADMIN_ONLY, ...TEAM]) {
      expect(links).toContain(label);
    }
    await sidebar(page).getByRole('group', { name: 'Team Management' }).waitFor();
    expect(links).not.toContain('My Tasks');
  });

  it('signs a sales user in without admin entries, and /team/settings sends them to /', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signIn(page, 'sales1@demo.test', 'Demo@12345');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    const links = await sidebarLinks(page);
    expect(links).toContain('My Tasks');
    for (const label of [...ADMIN_ONLY, ...TEAM]) expect(links).not.toContain(label);

    await page.goto(`${inject('baseUrl')}/team/settings`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(urlPath(page)).toBe('/');
  });

  it("shows the server's text (or the catalogue's) for a wrong password", async (test) => {
    const page = await openPage(browser, test, '/login');
    await signIn(page, 'sales2@demo.test', 'definitely-wrong');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.innerText()).trim();
    expect(text.length).toBeGreaterThan(0);
    expect(urlPath(page)).toBe('/login');

    // The UI shows exactly what the server said, else the catalogue's fallback.
    const response = await fetch(`${inject('baseUrl')}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'sales2@demo.test', password: 'definitely-wrong' }),
    });
    const body = (await response.json()) as { ok: boolean; error?: string };
    expect(response.status).toBe(401);
    expect(text).toBe(body.error || 'Login failed. Please check your credentials.');
  });

  it("shows 'Page Not Found' for an unknown path", async (test) => {
    const page = await openPage(browser, test, '/this/does/not/exist');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  it('signs out from the user menu back to /login, closing the realtime socket; the session stays ended after a reload', async (test) => {
    const page = await openPage(browser, test, '/login');
    // The realtime connection opens while signed in (Socket.IO upgrades to a WebSocket).
    const socketOpened = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
    await signIn(page, 'admin@demo.test', 'Demo@12345');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const socket = await socketOpened;
    const socketClosed = socket.waitForEvent('close');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(urlPath(page)).toBe('/login');
    await socketClosed;

    await page.goto(`${inject('baseUrl')}/leads`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(urlPath(page)).toBe('/login');
  });

  it('keeps a signed-in user signed in across a reload (stored token checked with /auth/me)', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signIn(page, 'admin@demo.test', 'Demo@12345');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goto(`${inject('baseUrl')}/profile`);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText('admin@demo.test').first().waitFor();
  });

  it('signs the super administrator in to /super/dashboard, and out again', async (test) => {
    const page = await openPage(browser, test, '/super/tenants');
    await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
    expect(urlPath(page)).toBe('/super/login');

    await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe('super@demo.test');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Super Admin Dashboard' }).waitFor();
    expect(urlPath(page)).toBe('/super/dashboard');
    const links = await sidebarLinks(page);
    expect(links).toEqual(['Dashboard', 'Companies', 'Users']);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Super Admin Login' }).waitFor();
    expect(urlPath(page)).toBe('/super/login');
    expect(await page.evaluate(() => localStorage.getItem('superToken'))).toBeNull();
  });
});
