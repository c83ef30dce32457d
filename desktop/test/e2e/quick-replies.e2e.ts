import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';
import { ARTEFACTS_DIR } from './paths';
import { adminToken, call, connectWhatsApp, mobile, runId, signInAsAdmin } from './demo-company';

/*
 * Quick replies end to end, in Chromium against the real backend in demo mode (simulated
 * WhatsApp): in a chat, '/' opens the canned responses, typing filters them, the arrows and Enter
 * insert one with its blanks filled in from the chat, and Enter sends it.
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

describe('quick replies in Chromium against the real backend', () => {
  it("types /, filters, picks the second reply with the arrows and Enter: the contact's name is filled in and the reply sends", async (test) => {
    const token = await adminToken();
    disconnect = await connectWhatsApp(token);
    const me = await call<{ name: string; companyName: string }>('GET', '/auth/me', token);
    expect(me.companyName).not.toBe('');

    // Two replies share a word in their titles; a third does not.
    await call('POST', '/canned-responses', token, { title: `qr${run} greeting`, text: `Welcome {name}! ${run}` });
    await call('POST', '/canned-responses', token, { title: `qr${run} thanks`, text: `Thank you {name}, this is {agent} from {company}. ${run}` });
    await call('POST', '/canned-responses', token, { title: `other${run}`, text: 'Not this one.' });

    // A customer writes in: the chat exists, named.
    const name = `Quick Reply Customer ${run}`;
    const inbound = await call<{ contactId: string }>('POST', '/dev/whatsapp/inbound', token, { from: mobile(), name, body: `Hello, is it in stock? ${run}` });

    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    await page.goto(new URL(`/whatsapp?contactId=${inbound.contactId}`, page.url()).toString());
    const chat = page.getByRole('region', { name: `Chat with ${name}` });
    await chat.getByRole('heading', { name, level: 2 }).waitFor();
    const box = chat.getByRole('textbox', { name: 'Message' });

    // '/' opens every reply; what follows filters them.
    await box.click();
    await box.pressSequentially('/');
    const list = page.getByRole('listbox', { name: 'Quick replies' });
    await list.waitFor();
    await expect.poll(() => list.getByRole('option').count()).toBeGreaterThanOrEqual(3);
    await box.pressSequentially(`qr${run}`);
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual([expect.stringContaining(`qr${run} greeting`), expect.stringContaining(`qr${run} thanks`)]);
    expect(await list.getByRole('option', { name: new RegExp(`qr${run} greeting`) }).getAttribute('aria-selected')).toBe('true');
    // the list is visible above the message box, not clipped away
    expect(await list.isVisible()).toBe(true);
    const [listBox, boxBox] = await Promise.all([list.boundingBox(), box.boundingBox()]);
    expect(listBox!.y + listBox!.height).toBeLessThanOrEqual(boxBox!.y);
    await mkdir(ARTEFACTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(ARTEFACTS_DIR, 'quick-replies.png') });

    // Arrow down to the second, Enter inserts it filled in (and does not send yet).
    await box.press('ArrowDown');
    expect(await list.getByRole('option', { name: new RegExp(`qr${run} thanks`) }).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    const filled = `Thank you ${name}, this is ${me.name} from ${me.companyName}. ${run}`;
    await expect.poll(() => box.inputValue()).toBe(filled);
    await list.waitFor({ state: 'detached' });

    // Enter sends it: one bubble with the filled-in text, delivered by the simulated phone.
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('');
    const bubble = chat.getByRole('log', { name: 'Messages' }).getByTestId('message').filter({ hasText: filled });
    await bubble.getByRole('img', { name: /^(Sent|Delivered|Read)$/ }).waitFor({ timeout: 20_000 });
    expect(await bubble.count()).toBe(1);
    const stored = await call<{ items: { body: string; direction: string }[] }>('GET', `/messages?contactId=${inbound.contactId}&limit=5`, token);
    expect(stored.items.filter((m) => m.direction === 'out').map((m) => m.body)).toContain(filled);
  });
});
