import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

/*
 * The super administrator end to end, two people at once: the platform owner creates a
 * company and sets its subscription; the company's admin signs in in their own browser; the owner
 * suspends the company and the admin's window goes to the login page with the reason; the owner
 * re-activates it (the admin can sign in again) and finally deletes it.
 */

let superBrowser: Browser;
let adminBrowser: Browser;
beforeAll(async () => {
  superBrowser = await launchBrowser();
  adminBrowser = await launchBrowser();
});
afterAll(async () => {
  await superBrowser?.close();
  await adminBrowser?.close();
});

const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const companyName = `Company ${run}`;
const slug = `company-${run}`;
const adminEmail = `owner.${run}@demo.test`;
const adminPassword = 'Owner-pass-123';

async function signIn(page: Page, email: string, password: string, button: string) {
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: button }).click();
}

describe('Super administrator', () => {
  it('creates a company, sets its subscription, suspends it (its admin is signed out), re-activates and deletes it', async (test) => {
    const owner = await openPage(superBrowser, test, '/super/login');
    await signIn(owner, 'super@demo.test', 'Super@12345', 'Login');
    await owner.getByRole('heading', { name: 'Super Admin Dashboard', level: 1 }).waitFor();

    // create the company
    await owner.getByRole('link', { name: 'Companies', exact: true }).click();
    await owner.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
    const add = owner.getByRole('region', { name: 'Add Company' });
    await add.getByLabel(/^Company Name/).fill(companyName);
    await add.getByLabel(/^Slug/).fill(slug);
    await add.getByLabel(/^Admin Name/).fill(`Owner ${run}`);
    await add.getByLabel(/^Admin Email/).fill(adminEmail);
    await add.getByLabel(/^Admin Password/).fill(adminPassword);
    await add.getByRole('button', { name: 'Add Company' }).click();
    await owner.getByRole('link', { name: companyName }).click();
    await owner.getByRole('heading', { name: companyName, level: 1 }).waitFor();

    // set a subscription: the remaining amount comes from the server
    const subscription = owner.getByRole('region', { name: 'Subscription' });
    await subscription.getByRole('button', { name: 'Edit Subscription' }).click();
    const form = owner.getByRole('form', { name: 'Edit subscription' });
    await form.getByLabel('Type', { exact: true }).click();
    await owner.getByRole('option', { name: 'Yearly' }).click();
    await form.getByLabel('Status', { exact: true }).click();
    await owner.getByRole('option', { name: 'Active', exact: true }).click();
    await form.getByRole('textbox', { name: 'Expiry Date' }).fill('2099-12-31');
    await form.getByRole('textbox', { name: 'Price' }).fill('1200');
    await form.getByRole('textbox', { name: 'Paid' }).fill('500');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => subscription.getByRole('group', { name: 'Remaining' }).innerText()).toMatch(/USD\s700/);

    // the company's admin signs in in their own browser
    const admin = await openPage(adminBrowser, test, '/login');
    await signIn(admin, adminEmail, adminPassword, 'Sign In');
    await admin.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // suspend: the admin's window goes to the login page with the reason
    await owner.getByRole('button', { name: 'Suspend Company' }).click();
    const confirm = owner.getByRole('dialog', { name: `Suspend ${companyName}?` });
    await confirm.getByRole('button', { name: 'Suspend Company' }).click();
    await owner.getByText('Suspended', { exact: true }).first().waitFor();
    await admin.getByText('You have been logged out automatically. Reason: Your company account is suspended. Please contact support.').waitFor({ timeout: 15_000 });
    await expect.poll(() => urlPath(admin), { timeout: 15_000 }).toBe('/login');
    await admin.getByRole('button', { name: 'OK' }).click();
    await signIn(admin, adminEmail, adminPassword, 'Sign In');
    await admin.getByText('Your company account is suspended. Please contact support.').first().waitFor();
    expect(urlPath(admin)).toBe('/login');

    // re-activate: the admin can sign in again
    await owner.getByRole('button', { name: 'Re-activate Company' }).click();
    await owner
      .getByRole('dialog', { name: `Re-activate ${companyName}?` })
      .getByRole('button', { name: 'Re-activate Company' })
      .click();
    await owner.getByRole('button', { name: 'Suspend Company' }).waitFor();
    await signIn(admin, adminEmail, adminPassword, 'Sign In');
    await admin.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // the audit log tells the story, newest first
    const log = owner.getByRole('table', { name: 'Audit Log' });
    await expect.poll(() => log.innerText()).toMatch(/Company re-activated[\s\S]*Company suspended[\s\S]*Subscription changed[\s\S]*Company created/);

    // delete: only once the slug is typed; back to the dashboard, and the company is gone
    await owner.getByRole('button', { name: 'Delete Company' }).click();
    const danger = owner.getByRole('dialog', { name: `Delete ${companyName}?` });
    await danger.getByRole('textbox', { name: 'Company slug or name' }).fill(slug);
    await danger.getByRole('button', { name: 'Delete permanently' }).click();
    await owner.getByRole('heading', { name: 'Super Admin Dashboard', level: 1 }).waitFor();
    expect(urlPath(owner)).toBe('/super/dashboard');
    await owner.getByRole('table', { name: 'Companies Overview' }).waitFor();
    expect(await owner.getByRole('link', { name: `Manage ${companyName}` }).count()).toBe(0);
    // the deleted company's admin is signed out too, and cannot sign in again
    await expect.poll(() => urlPath(admin), { timeout: 15_000 }).toBe('/login');
  });
});
