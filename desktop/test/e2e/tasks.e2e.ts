import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

// Two Chromium instances: two users signed in at once, each with their own storage.
let adminBrowser: Browser;
let repBrowser: Browser;
beforeAll(async () => {
  adminBrowser = await launchBrowser();
  repBrowser = await launchBrowser();
});
afterAll(async () => {
  await adminBrowser?.close();
  await repBrowser?.close();
});

async function signIn(page: Page, email: string): Promise<void> {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

describe('tasks between an admin and a rep in Chromium against the real backend', () => {
  it('an admin assigns a task, the rep is notified and completes it with a comment, the admin sees it completed', { timeout: 120_000 }, async (test) => {
    const title = `Call the Nasr City shop ${Date.now()}`;
    const rep = await openPage(repBrowser, test, '/login');
    await signIn(rep, 'sales1@demo.test');
    const admin = await openPage(adminBrowser, test, '/login');
    await signIn(admin, 'admin@demo.test');

    // the admin creates the task for Sara
    await admin.goto(`${inject('baseUrl')}/team/tasks`);
    await admin.getByRole('heading', { name: 'Team Tasks', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Add Task' }).click();
    const create = admin.getByRole('dialog', { name: 'Create Task' });
    await create.getByLabel(/^Title/).fill(title);
    await create.getByLabel('Description').fill('Ask about the sofa order');
    await create.locator('input[aria-haspopup="listbox"]').click();
    await admin.getByRole('option', { name: 'Sara Sales' }).click();
    await create.getByRole('button', { name: 'Create' }).click();
    await admin.getByRole('row').filter({ hasText: title }).waitFor();

    // the rep's bell rings; its line leads to the task in My Tasks
    const bell = rep.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
    await bell.waitFor();
    await bell.click();
    await rep.getByRole('list', { name: 'Notifications list' }).getByText(title, { exact: false }).click();
    await expect.poll(() => urlPath(rep)).toBe('/my-tasks');
    const update = rep.getByRole('dialog', { name: 'Update Task' });
    await update.waitFor();
    await rep.getByRole('region', { name: 'Pending Tasks' }).getByRole('article', { name: title }).waitFor();

    // the rep completes it with a comment
    await update.getByLabel('Status', { exact: true }).click();
    await rep.getByRole('option', { name: 'Completed' }).click();
    await update.getByLabel('Comment').fill('  Called, they pay on Sunday  ');
    await update.getByRole('button', { name: 'Save' }).click();
    await rep.getByText('Task updated successfully!').waitFor();
    const done = rep.getByRole('region', { name: 'Completed Tasks' }).getByRole('article', { name: title });
    await done.getByText('Called, they pay on Sunday').waitFor();

    // the admin sees it completed, with the comment
    await admin.reload();
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.getByText('Completed').waitFor();
    await row.getByRole('button', { name: `View ${title}` }).click();
    const view = admin.getByRole('dialog', { name: 'Task Details' });
    await view.getByText('Called, they pay on Sunday').waitFor();
    await view.getByText('Sara Sales').first().waitFor();
  });
});
