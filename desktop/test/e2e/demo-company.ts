import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/*
 * The demo company as the messenger's browser tests drive it: its admin signed in on a page, the
 * API with a token, and its simulated WhatsApp connected (and left as it was found).
 */

export const DEMO_ADMIN = { email: 'admin@demo.test', password: 'Demo@12345' };

/** Letters only: the chat search also matches digits against phones. */
export const runId = (): string => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
/** An Egyptian mobile number nobody in the demo data has. */
export const mobile = (): string => `+2010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Envelope<T> = { ok: boolean; data: T; error?: string };

/** One API call with a bearer token (null: none). */
export async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/api${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok || !envelope.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.error ?? ''}`);
  return envelope.data;
}

export const adminToken = async (): Promise<string> => (await call<{ token: string }>('POST', '/auth/login', null, DEMO_ADMIN)).token;

export async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill(DEMO_ADMIN.email);
  await page.getByLabel(/^Password/).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
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

/**
 * Connects the demo company's simulated WhatsApp (it shows a QR first; the dev route scans it).
 * Returns what undoes it: a session this file connected is deleted again, so the next file finds
 * the WhatsApp as this one did.
 */
export async function connectWhatsApp(token: string): Promise<() => Promise<void>> {
  const status = await call<{ state: string }>('GET', '/whatsapp/status', token);
  if (status.state === 'connected') return async () => {};
  await call('POST', '/whatsapp/start', token);
  await eventually(
    async () => {
      const now = await call<{ state: string }>('GET', '/whatsapp/status', token);
      if (now.state === 'scan') await call('POST', '/dev/whatsapp/connect-now', token).catch(() => undefined);
      return now.state;
    },
    (state) => state === 'connected',
  );
  await waitForQuietChats(token);
  return async () => {
    await call('DELETE', '/whatsapp/session', await adminToken()).catch(() => undefined);
  };
}

/**
 * The demo company's first connection plays a few scripted customer chats: wait until the chat
 * list stops changing so they cannot land on top of the test's own.
 */
async function waitForQuietChats(token: string): Promise<void> {
  let last = -1;
  let stableSince = Date.now();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { total, items } = await call<{ total: number; items: { lastMessageAt: string | null }[] }>('GET', '/chats?limit=1', token);
    const marker = total * 1e13 + (items[0]?.lastMessageAt ? Date.parse(items[0].lastMessageAt) : 0);
    if (marker !== last) {
      last = marker;
      stableSince = Date.now();
    } else if (Date.now() - stableSince > 2_000) return;
    await sleep(250);
  }
}
