import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

/*
 * The WhatsApp messenger end to end, in Chromium against the real backend in demo mode with the
 * simulated phone: connect with a QR, a customer writes in, staff open the chat, reply, see the
 * ticks go to read, and delete the reply for everyone.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/* Names carry no digits: the chat search also matches digits against phones. */
const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** An Egyptian mobile number nobody in the demo data has. */
const mobile = () => `+2010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Envelope<T> = { ok: boolean; data: T; error?: string };

/** The API with the page's own session (the token the app keeps in localStorage). */
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

/**
 * The demo company's first connection plays a few scripted customer chats (DemoChats): wait until
 * the chat list stops changing so they cannot land on top of ours.
 */
async function waitForQuietChats(page: Page): Promise<void> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { total, items } = await call<{ total: number; items: { lastMessageAt: string | null }[] }>(page, 'GET', '/chats?limit=1');
    const marker = total * 1e13 + (items[0]?.lastMessageAt ? Date.parse(items[0].lastMessageAt) : 0);
    if (marker !== last) {
      last = marker;
      stableSince = Date.now();
    } else if (Date.now() - stableSince > 2_000) return;
    await sleep(250);
  }
}

describe('WhatsApp messenger in Chromium against the real backend', () => {
  it('connects with a QR, receives a message, replies, sees it read, and deletes it for everyone', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);

    // Admin opens WhatsApp from the sidebar.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'WhatsApp', exact: true }).click();
    await page.getByRole('heading', { name: 'WhatsApp', level: 1 }).waitFor();
    expect(urlPath(page)).toBe('/whatsapp');
    await page.getByText('Socket: OK').waitFor();
    await page.getByText('Select a conversation to start chatting').waitFor();
    const badge = page.getByTestId('whatsapp-status');
    await expect.poll(() => badge.getAttribute('data-state')).not.toBe('loading');

    // A session left connected by an earlier test is deleted first, so the QR flow runs from the start.
    if ((await badge.textContent()) !== 'Not Configured') {
      await page.getByRole('button', { name: 'Delete session' }).click();
      await page.getByRole('dialog', { name: 'Delete WhatsApp session' }).getByRole('button', { name: 'Delete session' }).click();
      await page.getByText('Session deleted. Please request new QR.').waitFor();
      await expect.poll(() => badge.textContent()).toBe('Not Configured');
    }

    // Connect → Scan QR (the QR image is shown) → the phone scans it → Connected.
    await page.getByRole('button', { name: 'Connect WhatsApp' }).click();
    await expect.poll(() => badge.textContent()).toBe('Scan QR');
    const qr = page.getByRole('img', { name: 'WhatsApp QR code' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await call(page, 'POST', '/dev/whatsapp/connect-now');
    await expect.poll(() => badge.textContent(), { timeout: 15_000 }).toBe('Connected');
    await qr.waitFor({ state: 'detached' });
    await waitForQuietChats(page);

    // A customer writes in: a new lead, its chat at the top of the list with an unread badge.
    const name = `Messenger Customer ${run}`;
    const question = `Is the blue dress available in M? ${run}`;
    await call(page, 'POST', '/dev/whatsapp/inbound', { from: mobile(), name, body: question });
    const list = page.getByRole('list', { name: /^Chats/ });
    const row = list.getByRole('button', { name: new RegExp(`^${name}, 1 unread`) });
    await row.waitFor();
    await expect.poll(async () => (await list.getByRole('listitem').first().getByRole('button').getAttribute('aria-label'))?.split(',')[0]).toBe(name);
    expect(await row.getByTestId('unread-badge').innerText()).toBe('1');
    expect(await row.innerText()).toContain(question);

    // Open it: the conversation shows the message, the unread badge goes away.
    await row.click();
    const chat = page.getByRole('region', { name: `Chat with ${name}` });
    await chat.getByRole('heading', { name, level: 2 }).waitFor();
    expect(new URL(page.url()).searchParams.get('contactId')).toMatch(/^[0-9a-f-]{36}$/);
    const messages = chat.getByRole('log', { name: 'Messages' });
    await messages.getByText(question).waitFor();
    const openRow = list.getByRole('button', { name: new RegExp(`^${name},`) });
    await expect.poll(() => openRow.getByTestId('unread-badge').count()).toBe(0);
    expect(await chat.getByRole('link', { name: 'View Full Profile' }).getAttribute('href')).toMatch(/^\/contacts\/[0-9a-f-]{36}$/);

    // Reply with Enter: one bubble (the pending copy is replaced), and the ticks go to read.
    const reply = `Yes, we have it in M. ${run}`;
    const box = chat.getByRole('textbox', { name: 'Message' });
    await box.fill(reply);
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('');
    const bubble = messages.getByTestId('message').filter({ hasText: reply });
    await bubble.getByRole('img', { name: 'Read' }).waitFor({ timeout: 20_000 });
    expect(await bubble.count()).toBe(1);
    await expect.poll(async () => (await openRow.getAttribute('aria-label')) ?? '').toContain(`You: ${reply}`);

    // Delete it for everyone (asks first): 'This message was deleted'.
    await bubble.hover();
    await bubble.getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete for everyone' }).click();
    await page.getByRole('dialog', { name: 'Delete for everyone' }).getByRole('button', { name: 'Delete for everyone' }).click();
    const deleted = messages.getByTestId('message').filter({ hasText: 'This message was deleted' });
    await deleted.waitFor();
    expect(await messages.getByText(reply).count()).toBe(0);
    // The customer's message offers only "delete for me".
    await messages.getByTestId('message').filter({ hasText: question }).hover();
    await messages.getByTestId('message').filter({ hasText: question }).getByRole('button', { name: 'Message actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete for me' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete for everyone' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // After a reload the deletion is still there (the server's copy).
    await page.reload();
    await page
      .getByRole('region', { name: `Chat with ${name}` })
      .getByTestId('message')
      .filter({ hasText: 'This message was deleted' })
      .waitFor();
  });
});
