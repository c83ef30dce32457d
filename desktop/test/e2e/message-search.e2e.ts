import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';
import { adminToken, call, connectWhatsApp, mobile, runId, signInAsAdmin } from './demo-company';

/*
 * Message search end to end, in Chromium against the real backend in demo mode (simulated
 * WhatsApp): a word from an old message of a long chat is typed in the messenger's search; the
 * result names the chat, and a click opens the chat at that message, far from the newest ones,
 * in sight and highlighted.
 */

let browser: Browser;
let disconnect: () => Promise<void> = async () => {};
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await disconnect();
});

const run = runId();
/** More than two pages of the chat (50 each): the old message is not among the ones a chat opens with. */
const NEWER_MESSAGES = 130;

/** The box of `inner` lies inside the box of `outer` (both laid out on screen). */
async function insideOf(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([inner.boundingBox(), outer.boundingBox()]);
  return !!a && !!b && a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1;
}

describe('message search in Chromium against the real backend', () => {
  it('finds an old message of a long chat and opens the chat scrolled to it, highlighted', async (test) => {
    const token = await adminToken();
    disconnect = await connectWhatsApp(token);

    // One customer, an old message with a rare word, then many newer messages.
    const name = `Search Customer ${run}`;
    const from = mobile();
    const word = `pomegranate${run}`;
    const old = `Please keep the ${word} scarf for me`;
    await call('POST', '/dev/whatsapp/inbound', token, { from, name, body: old });
    for (let i = 1; i <= NEWER_MESSAGES; i += 5) {
      await Promise.all(Array.from({ length: Math.min(5, NEWER_MESSAGES - i + 1) }, (_, k) => call('POST', '/dev/whatsapp/inbound', token, { from, name, body: `Newer message ${i + k} ${run}` })));
    }

    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'WhatsApp', exact: true }).click();
    await page.getByRole('heading', { name: 'WhatsApp', level: 1 }).waitFor();

    // The search finds the message (by a word typed in another case), naming the chat, the word marked.
    await page.getByRole('textbox', { name: 'Search chats' }).fill(word.toUpperCase());
    const results = page.getByRole('region', { name: 'Messages' });
    const hit = results.getByRole('button', { name: new RegExp(`^${name}, .*: ${old}$`) });
    await hit.waitFor();
    expect(await results.getByRole('button').count()).toBe(1);
    expect(await hit.locator('mark').allInnerTexts()).toEqual([word]);

    // A click opens the chat at that message: loaded around it, in sight, highlighted.
    await hit.click();
    const chat = page.getByRole('region', { name: `Chat with ${name}` });
    await chat.getByRole('heading', { name, level: 2 }).waitFor();
    expect(new URL(page.url()).searchParams.get('message')).toMatch(/^[0-9a-f-]{36}$/);
    const log = chat.getByRole('log', { name: 'Messages' });
    const focused = log.locator('[data-focused]');
    await focused.getByText(old).waitFor();
    await expect.poll(() => insideOf(focused, log)).toBe(true);
    expect(await focused.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
    // the newest messages are not what the chat opened at
    const newest = log.getByTestId('message').filter({ hasText: `Newer message ${NEWER_MESSAGES} ${run}` });
    expect((await newest.count()) === 0 || !(await insideOf(newest, log))).toBe(true);
    // older and newer neighbours are there to scroll to
    await log
      .getByTestId('message')
      .filter({ hasText: `Newer message 1 ${run}` })
      .first()
      .waitFor();
  });
});
