import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

/*
 * Team Users end to end, two people at once: the admin adds a rep, the rep signs in in
 * their own browser; the admin deactivates them and the rep's window goes to the login page with
 * the reason, and the rep cannot sign in again.
 */

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

const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const repName = `Rep ${run}`;
const repEmail = `rep.${run}@demo.test`;
const repPassword = 'Rep-pass-123';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('Team Users', () => {
  it('the admin deactivates a rep and the rep is sent to the login page with the reason', async (test) => {
    const admin = await openPage(adminBrowser, test, '/login');
    await signIn(admin, 'admin@demo.test', 'Demo@12345');
    await admin.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByRole('heading', { name: 'Team Users', level: 1 }).waitFor();

    // add the rep
    await admin.getByRole('button', { name: 'Add User' }).click();
    const add = admin.getByRole('dialog', { name: 'Add User' });
    await add.getByRole('textbox', { name: /Name/ }).fill(repName);
    await add.getByRole('textbox', { name: /Email/ }).fill(repEmail);
    await add.getByLabel(/Password/).fill(repPassword);
    await add.getByRole('button', { name: 'Add User' }).click();
    const row = admin.getByRole('row').filter({ has: admin.getByRole('button', { name: `Session history of ${repName}` }) });
    await expect.poll(() => row.innerText()).toMatch(/Never/i);

    // the rep signs in in their own browser and shows up online
    const rep = await openPage(repBrowser, test, '/login');
    await signIn(rep, repEmail, repPassword);
    // the dashboard's first load is the slowest page of a loaded CI machine
    await rep.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    await expect.poll(() => row.innerText(), { timeout: 15_000 }).toMatch(/Online/i);

    // deactivate
    await admin.getByRole('button', { name: `Edit ${repName}` }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit User' });
    await edit.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toMatch(/Inactive/i);

    await rep.getByText('You have been logged out automatically. Reason: Your account has been deactivated. Please contact your administrator.').waitFor();
    await expect.poll(() => urlPath(rep), { timeout: 15_000 }).toBe('/login');

    // and cannot sign in again
    await rep.getByRole('button', { name: 'OK' }).click();
    await signIn(rep, repEmail, repPassword);
    await rep.getByText('Your account has been deactivated. Please contact your administrator.').first().waitFor();
    expect(urlPath(rep)).toBe('/login');
  });
});
