import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, type TestContext } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';

/**
 * The sign-in screen drawn into index.html at build time (desktop/vite.sign-in-shell.ts): on a
 * first visit it is there to type in before the app's script has arrived, and nothing typed into
 * it is lost when the app takes over. The app's script is held back here until the test lets it
 * through, as a slow network or a busy machine would.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const APP_SCRIPT = /\/assets\/index-[^/]+\.js$/;

/** /login opened with the app's script held back; `letAppStart` lets it through. */
async function openWithAppHeld(test: TestContext, storage: Record<string, string> = {}): Promise<{ page: Page; letAppStart: () => void }> {
  const page = await openPage(browser, test, '/login');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, storage);
  let letAppStart = () => {};
  const appMayStart = new Promise<void>((resolve) => (letAppStart = resolve));
  await page.route(APP_SCRIPT, async (route) => {
    await appMayStart;
    await route.continue();
  });
  await page.goto(`${inject('baseUrl')}/login`, { waitUntil: 'commit' });
  return { page, letAppStart };
}

const appHasDrawn = (page: Page) => page.evaluate(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);

describe('the sign-in screen before the app has arrived', () => {
  it('takes typing at once, and the app keeps what was typed and the field the caret is in', async (test) => {
    const { page, letAppStart } = await openWithAppHeld(test);
    const shell = page.locator('#sign-in-shell');
    await shell.getByLabel(/^Email/).click();
    await page.keyboard.type('someone@example.com');
    await shell.getByLabel(/^Password/).click();
    await page.keyboard.type('abc');
    expect(await appHasDrawn(page)).toBe(false);

    letAppStart();
    await shell.waitFor({ state: 'detached' });
    // typing goes on in the app's own password field, after what was typed before
    await page.keyboard.type('123');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('someone@example.com');
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('abc123');
    expect(await appHasDrawn(page)).toBe(true);
  });

  it('signs in when Sign In was pressed before the app was here, and the password never reaches the address bar', async (test) => {
    const { page, letAppStart } = await openWithAppHeld(test);
    const shell = page.locator('#sign-in-shell');
    await shell.getByLabel(/^Email/).fill('admin@demo.test');
    await shell.getByLabel(/^Password/).fill('Demo@12345');
    await shell.getByLabel(/^Password/).press('Enter');
    await expect.poll(() => shell.getAttribute('data-submit-requested')).toBe('true');
    expect(page.url()).toBe(`${inject('baseUrl')}/login`);

    letAppStart();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.locator('#sign-in-shell').count()).toBe(0);
  });

  it('opens in the language chosen before, right to left in Arabic', async (test) => {
    const { page, letAppStart } = await openWithAppHeld(test, { 'crm-language': 'ar' });
    await page
      .locator('#sign-in-shell')
      .getByLabel(/^البريد الإلكتروني/)
      .waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);

    letAppStart();
    await page.locator('#sign-in-shell').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
  });

  it('switches to the language chosen on it before the app was here', async (test) => {
    const { page, letAppStart } = await openWithAppHeld(test);
    const arabic = page.locator('#sign-in-shell label', { hasText: 'العربية' });
    const english = page.locator('#sign-in-shell label', { hasText: 'English' });
    await arabic.click();
    // the highlight moved with the choice while the app is still held back
    expect(await appHasDrawn(page)).toBe(false);
    expect([await arabic.getAttribute('data-active'), await english.getAttribute('data-active')]).toEqual(['', null]);
    letAppStart();
    await page.getByRole('heading', { name: 'تسجيل الدخول' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  });

  it('is not shown to a visitor whose session is stored: the app checks it first', async (test) => {
    const { page, letAppStart } = await openWithAppHeld(test, { token: 'a-stored-session' });
    // #root comes after the inline script that shows the shell: that script has run
    await page.locator('#root').waitFor({ state: 'attached' });
    expect(await page.locator('#sign-in-shell').count()).toBe(0);
    letAppStart();
    // the stored session is refused by the server: the app's own sign-in screen
    await page.getByLabel(/^Email/).waitFor();
    expect(await page.locator('#sign-in-shell').count()).toBe(0);
  });
});
