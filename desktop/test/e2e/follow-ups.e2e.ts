import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, type Browser } from './browser';

/*
 * Follow-up sequences end to end, in Chromium against the real backend in demo mode (simulated
 * WhatsApp, the demo-only follow-up clock hook POST /api/dev/follow-ups/advance).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // the demo database is shared by the e2e files: leave its WhatsApp as this file found it
  if (connectedHere) {
    const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email: 'admin@demo.test', password: 'Demo@12345' });
    await call('DELETE', '/whatsapp/session', token).catch(() => undefined);
  }
});

let connectedHere = false;

const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const mobile = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Envelope<T> = { ok: boolean; data: T; error?: string };

/** The API as the app calls it (same routes, bearer token of the demo admin). */
async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.error ?? ''}`);
  return envelope.data;
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await sleep(250);
  }
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** The demo company's simulated WhatsApp, connected (it shows a QR first; the dev route scans it). */
async function connectWhatsApp(token: string): Promise<void> {
  const status = await call<{ state: string }>('GET', '/whatsapp/status', token);
  if (status.state === 'connected') return;
  connectedHere = true;
  await call('POST', '/whatsapp/start', token);
  await eventually(
    async () => {
      const now = await call<{ state: string }>('GET', '/whatsapp/status', token);
      if (now.state === 'scan') await call('POST', '/dev/whatsapp/connect-now', token).catch(() => undefined);
      return now.state;
    },
    (state) => state === 'connected',
  );
}

type ChatMessage = { body: string; status: string; ack: number; automated: boolean; followUpRunId: string | null };

describe('follow-up sequences in Chromium against the real backend', () => {
  it('creates a two-step template on its screen, starts it for a contact, and both steps arrive in the chat when time moves on', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);

    // The Follow-up Templates screen: a template with two steps.
    const name = `E2E follow-up ${run}`;
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Follow-up Templates' }).click();
    await page.getByRole('heading', { name: 'Follow-up Templates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Follow-up Template' });
    await dialog.getByLabel(/^Template name/).fill(name);
    await dialog.getByLabel(/^Step 1 message/).fill(`Hi {{name}}, the first step ${run}`);
    await dialog.getByLabel(/^Step 1 delay/).fill('1');
    await dialog.getByRole('button', { name: 'Add Step' }).click();
    await dialog.getByLabel(/^Step 2 message/).fill(`The second step ${run}`);
    await dialog.getByLabel(/^Step 2 delay/).fill('2');
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    const card = page.getByRole('article', { name });
    await card.waitFor();
    expect(await card.getByText('Team', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(`Hi {{name}}, the first step ${run}`).isVisible()).toBe(true);

    // A contact of the demo company, and its (simulated) WhatsApp connected.
    const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email: 'admin@demo.test', password: 'Demo@12345' });
    await connectWhatsApp(token);
    const contact = await call<{ _id: string }>('POST', '/contacts', token, { name: `Follow Up ${run}`, phone: mobile() });
    const templates = await call<{ items: { _id: string; name: string }[] }>('GET', '/follow-up-templates', token);
    const template = templates.items.find((t) => t.name === name)!;

    // started with the call the chat panel's StartFollowUpButton makes (the next test clicks it)
    const started = await call<{ status: string; steps: { status: string }[] }>('POST', `/contacts/${contact._id}/follow-up/start`, token, { templateId: template._id });
    expect(started.status).toBe('active');
    expect(started.steps.map((s) => s.status)).toEqual(['scheduled', 'scheduled']);

    const automated = async () => (await call<{ items: ChatMessage[] }>('GET', `/messages?contactId=${contact._id}`, token)).items.filter((m) => m.automated);
    expect(await automated()).toEqual([]);

    // Demo-only clock hook: an hour later the first step goes out, two more hours the second.
    await call('POST', '/dev/follow-ups/advance', token, { hours: 1 });
    const first = await eventually(automated, (messages) => messages.length === 1 && messages[0].status === 'sent');
    expect(first[0].body).toBe(`Hi Follow Up ${run}, the first step ${run}`);
    await call('POST', '/dev/follow-ups/advance', token, { hours: 2 });
    const both = await eventually(automated, (messages) => messages.length === 2 && messages.every((m) => m.status === 'sent' && m.ack >= 1));
    expect(both.map((m) => m.body)).toEqual([`Hi Follow Up ${run}, the first step ${run}`, `The second step ${run}`]);

    const runs = await call<{ items: { status: string; steps: { status: string }[] }[] }>('GET', `/contacts/${contact._id}/follow-ups`, token);
    expect(runs.items[0].status).toBe('completed');
    expect(runs.items[0].steps.map((s) => s.status)).toEqual(['sent', 'sent']);
  });

  // The messenger's chat panel (modules/chat ChatPanel, embedded in the contact profile) renders
  // StartFollowUpButton and the running sequence's FollowUpStatus from modules/follow-ups.
  it('starts the sequence from the chat panel and shows both steps arriving in the chat', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);
    const { token } = await call<{ token: string }>('POST', '/auth/login', null, { email: 'admin@demo.test', password: 'Demo@12345' });
    await connectWhatsApp(token);
    const name = `Chat Panel ${run}`;
    const contact = await call<{ _id: string }>('POST', '/contacts', token, { name, phone: mobile() });
    const template = await call<{ _id: string; name: string }>('POST', '/follow-up-templates', token, {
      name: `Chat panel follow-up ${run}`,
      messages: [
        { delay: 1, message: `Chat step one for {{name}} ${run}` },
        { delay: 1, message: `Chat step two ${run}` },
      ],
    });

    await page.goto(`${inject('baseUrl')}/contacts/${contact._id}`);
    const chat = page.getByRole('region', { name: `Chat with ${name}` });
    await chat.getByRole('button', { name: 'Start follow-up' }).click();
    const picker = page.getByRole('dialog', { name: 'Start a follow-up sequence' });
    await picker.getByPlaceholder('Choose a template').click();
    await page.getByRole('option', { name: `${template.name} (Team)` }).click();
    await picker.getByRole('button', { name: 'Start Sequence' }).click();
    // the question replaces the picker in the same dialog (never a dialog stacked on a dialog)
    const confirm = page.getByRole('dialog', { name: 'Start follow-up' });
    await confirm.getByText('Are you sure you want to start this automated follow-up sequence?').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await confirm.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Follow-up sequence started successfully!').waitFor();

    const messages = chat.getByRole('log', { name: 'Messages' });
    await call('POST', '/dev/follow-ups/advance', token, { hours: 1 });
    await messages.getByText(`Chat step one for ${name} ${run}`).waitFor({ timeout: 30_000 });
    await call('POST', '/dev/follow-ups/advance', token, { hours: 1 });
    await messages.getByText(`Chat step two ${run}`).waitFor({ timeout: 30_000 });
  });
});
