import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, urlPath, type Browser } from './browser';

/*
 * Products and shipping end to end, in Chromium against the real backend in demo mode: a product
 * goes from the inventory onto a won deal (stock falls, the buyer is listed), and a shipping company with a
 * governorate fee fills a deal's shipping cost and shows up in the shipping analytics.
 *
 * The files share one demo database: everything made here has a run-unique name, and the product's
 * name sorts after the demo products so the contacts file's product picker still offers those first.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Letters only: a contact search also matches 3+ digits against phones. */
const run = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const mobile = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** Intl writes a no-break space after the currency code. */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The stock badge as read on screen (badges are upper-cased by CSS, which innerText follows). */
const inStock = (qty: number) => new RegExp(`in stock \\(${qty}\\)`, 'i');

const product = { name: `Zz Catalogue Scarf ${run}`, sku: `E2E-${run.toUpperCase()}`, price: '275', stock: 10, min: 2 };
const sold = 3;
const courier = { name: `Courier ${run}`, governorate: 'Giza', fee: '55', cod: '500' };
const buyer = `Catalogue Buyer ${run}`;

async function signInAsAdmin(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill('admin@demo.test');
  await page.getByLabel(/^Password/).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function searchInventory(page: Page, text: string): Promise<Locator> {
  await page.goto(`${inject('baseUrl')}/products`);
  await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
  const answered = page.waitForResponse((r) => r.url().includes('/api/products?') && new URL(r.url()).searchParams.get('q') === text);
  await page.getByRole('textbox', { name: 'Search products' }).fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await answered;
  return page.getByRole('table', { name: 'Products' });
}

/** A new lead taken to the sales stage; answers with its profile's path. */
async function newSalesContact(page: Page): Promise<string> {
  await page.goto(`${inject('baseUrl')}/leads/new`);
  await page.getByRole('heading', { name: 'Add New Lead', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill(buyer);
  await page.getByRole('textbox', { name: 'Phone' }).fill(mobile());
  await page.getByRole('button', { name: 'Add Lead' }).click();
  await page.getByRole('heading', { name: buyer, level: 1 }).waitFor();
  for (const action of ['Convert to Customer', 'Move to Sales']) {
    await page.getByRole('button', { name: action }).click();
    const confirm = page.getByRole('dialog', { name: action });
    await confirm.getByRole('button', { name: action }).click();
    await confirm.waitFor({ state: 'hidden' });
  }
  await page.getByRole('button', { name: 'Sales Deal and Shipping Details' }).waitFor();
  return urlPath(page);
}

async function courierCard(page: Page): Promise<Locator> {
  await page.goto(`${inject('baseUrl')}/shipping`);
  await page.getByRole('heading', { name: 'Shipping Analytics & Management', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Shipping companies' }).getByRole('row').filter({ hasText: courier.name }).waitFor();
  return page.getByRole('region', { name: 'Performance by shipping company' }).getByRole('article', { name: courier.name });
}

describe('catalogue screens in Chromium against the real backend', () => {
  it('sells a new product on a won deal shipped by a new courier: stock falls, the buyer is listed, the courier card counts it', async (test) => {
    const page = await openPage(browser, test, '/login');
    await signInAsAdmin(page);

    // Add the product, then find it by its SKU.
    await page.goto(`${inject('baseUrl')}/products`);
    await page.getByRole('button', { name: '+ Add Product' }).click();
    const productForm = page.getByRole('dialog', { name: 'Add Product' });
    await productForm.getByRole('textbox', { name: 'Name' }).fill(product.name);
    await productForm.getByRole('textbox', { name: 'SKU' }).fill(product.sku);
    await productForm.getByRole('textbox', { name: 'Price (EGP)' }).fill(product.price);
    await productForm.getByRole('textbox', { name: 'Stock Qty' }).fill(String(product.stock));
    await productForm.getByRole('textbox', { name: 'Min Qty' }).fill(String(product.min));
    await productForm.getByRole('button', { name: 'Save' }).click();
    await productForm.waitFor({ state: 'hidden' });

    let inventory = await searchInventory(page, product.sku);
    const productRow = inventory.getByRole('row').filter({ hasText: product.sku });
    await productRow.waitFor();
    expect(await inventory.getByRole('row').count()).toBe(2); // the heads and this product only
    expect(plain(await productRow.innerText())).toMatch(inStock(product.stock));
    const productPath = await productRow.getByRole('link', { name: product.name }).getAttribute('href');
    expect(productPath).toMatch(/^\/products\/[0-9a-f-]{36}$/);

    // Add the courier with a fee for one governorate; it has no shipments, so no card yet.
    await page.goto(`${inject('baseUrl')}/shipping`);
    await page.getByRole('button', { name: '+ Add Shipping Company' }).click();
    const courierForm = page.getByRole('dialog', { name: 'Add Shipping Company' });
    await courierForm.getByRole('textbox', { name: 'Name' }).fill(courier.name);
    await courierForm.getByRole('textbox', { name: 'Tracking URL' }).fill('https://track.example.com/parcel/{tracking}');
    await courierForm.getByRole('button', { name: 'Add governorate fee' }).click();
    await courierForm.getByRole('combobox', { name: 'Governorate' }).fill(courier.governorate);
    await page.getByRole('option', { name: courier.governorate, exact: true }).click();
    await courierForm.getByRole('textbox', { name: 'Fee' }).fill(courier.fee);
    await courierForm.getByRole('button', { name: 'Save' }).click();
    await courierForm.waitFor({ state: 'hidden' });
    const cardBefore = await courierCard(page);
    expect(await cardBefore.count()).toBe(0);

    // A contact's deal: the product × 3, shipped by the courier to the governorate (the fee fills the cost), won.
    const profilePath = await newSalesContact(page);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByRole('combobox', { name: 'Product 1' }).fill(product.sku);
    await page.getByRole('listbox', { name: 'Product 1' }).getByRole('option', { name: product.name }).click();
    expect(await page.getByRole('textbox', { name: 'Price 1' }).inputValue()).toBe(product.price);
    await page.getByRole('textbox', { name: 'Quantity 1' }).fill(String(sold));
    await page.getByRole('combobox', { name: 'Shipping Company' }).selectOption({ label: courier.name });
    await page.getByRole('combobox', { name: 'Governorate' }).selectOption({ label: courier.governorate });
    await expect.poll(() => page.getByRole('textbox', { name: 'Shipping Cost (EGP)' }).inputValue()).toBe(courier.fee);
    await page.getByRole('textbox', { name: 'Tracking Number' }).fill(`TRK-${run}`);
    expect(await page.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(`https://track.example.com/parcel/TRK-${run}`);
    await page.getByRole('combobox', { name: 'Shipping Status' }).selectOption('delivered');
    await page.getByRole('textbox', { name: 'COD amount' }).fill(courier.cod);
    await page.getByRole('combobox', { name: 'Pipeline Status' }).selectOption('won');
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await page.getByText('Changes saved successfully').waitFor();
    await page.getByText('All changes saved').waitFor();

    // The stock fell by the quantity sold, in the inventory and on the product page, which lists the buyer.
    inventory = await searchInventory(page, product.sku);
    await expect.poll(async () => plain(await inventory.getByRole('row').filter({ hasText: product.sku }).innerText())).toMatch(inStock(product.stock - sold));
    await page.goto(`${inject('baseUrl')}${productPath}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    expect(plain(await page.getByRole('region', { name: 'Product details' }).innerText())).toMatch(inStock(product.stock - sold));
    const buyers = page.getByRole('table', { name: 'Customers who bought this product' });
    const buyerRow = buyers.getByRole('row').filter({ hasText: buyer });
    await buyerRow.waitFor();
    expect(plain(await buyerRow.innerText())).toMatch(/EGP 825\b/);
    expect(await buyerRow.getByRole('link', { name: `View ${buyer}` }).getAttribute('href')).toBe(profilePath);

    // The courier now has a card: one shipment, delivered, its cash on delivery still to collect.
    const card = await courierCard(page);
    await card.waitFor();
    const cardText = plain(await card.innerText());
    expect(cardText).toMatch(/Shipments 1\b/);
    expect(cardText).toContain('Delivered rate 100%');
    expect(cardText).toContain('Returned rate 0%');
    expect(cardText).toMatch(/COD outstanding EGP 500\b/);
  }, 240_000);
});
