import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject, type TestContext } from 'vitest';
import { CHROMIUM_PATH, RESULTS_DIR } from './paths';

/** The flags that keep Debian's Chromium quiet and headless in CI containers. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** One Chromium per test file, with its own throw-away profile. */
export async function launchBrowser(): Promise<Browser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'crm-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 720 },
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh tab with an empty localStorage (no token, light theme) at `path`. If the test fails,
 * a screenshot of the tab is saved in desktop/test-results/.
 */
const pagesOpened = new Map<string, number>();

export async function openPage(browser: Browser, test: TestContext, route = '/'): Promise<Page> {
  const baseUrl = inject('baseUrl');
  const page = await browser.context.newPage();
  // a test with two people has two pages: each keeps its own picture of a failure
  const nth = (pagesOpened.get(test.task.id) ?? 0) + 1;
  pagesOpened.set(test.task.id, nth);
  // One hook, in order: the screenshot must be taken before the tab is closed.
  test.onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const name = `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}${nth > 1 ? `-page${nth}` : ''}`;
      await mkdir(RESULTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true }).catch(() => {});
    }
    await page.close().catch(() => {});
  });
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl}${route}`);
  return page;
}

export const urlPath = (page: Page): string => new URL(page.url()).pathname;
