import { screen, waitFor, within } from '@testing-library/react';
import { LANGUAGES, type Product, type ProductBuyer } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok, salesUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, testId, type CrmHandler } from '../../test/fake-crm-api';

const product = (p: Partial<Product>): Product => ({
  _id: testId(),
  name: 'Oud Perfume',
  sku: 'PRF-050',
  category: 'Perfume',
  price: 1200,
  stockQty: 10,
  minQty: 3,
  notes: null,
  stockLevel: 'ok',
  archived: false,
  updatedAt: '2026-11-20T10:00:00Z',
  ...p,
});
const oud = product({});
const galabeya = product({ name: 'Cotton Galabeya', sku: 'GAL-1', category: null, stockQty: 2, minQty: 5, stockLevel: 'low' });
const box = product({ name: 'Gift Box', sku: 'BOX', stockQty: 0, stockLevel: 'out' });
const listOf = (items: Product[]) => ok({ items, total: items.length });

async function openProducts(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(adminUser, { 'GET /api/products': () => listOf([oud, galabeya, box]), ...handlers });
  const view = renderApp('/products');
  await screen.findByRole('heading', { name: 'Products', level: 1 });
  return { ...view, ...api };
}

describe('Products', { timeout: 20_000 }, () => {
  it('shows the inventory table with the three stock badges and a link to each product', async () => {
    await openProducts();
    const table = screen.getByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'SKU', 'Category', 'Stock', 'Price (EGP)', 'Updated', 'Actions']);
    const row = (await within(table).findByText('Oud Perfume')).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Oud Perfume' })).toHaveAttribute('href', `/products/${oud._id}`);
    expect(row).toHaveTextContent('PRF-050');
    expect(row).toHaveTextContent(/EGP\s1,200/);
    expect(within(row).getByText('In stock (10)')).toBeInTheDocument();
    expect(within(table).getByText('Low stock (2)')).toBeInTheDocument();
    expect(within(table).getByText('Out of stock (0)')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name or SKU...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Product' })).toBeInTheDocument();
  });

  it("searches with the Search button and shows 'No products found.'", async () => {
    const { user, to } = await openProducts({ 'GET /api/products': (r) => listOf(r.query.get('q') ? [] : [oud]) });
    await user.type(screen.getByRole('textbox', { name: 'Search products' }), 'nothing');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    expect(to('GET', '/api/products').at(-1)!.query.get('q')).toBe('nothing');
  });

  it("shows 'Error fetching products' when the list fails", async () => {
    await openProducts({ 'GET /api/products': () => new Response('x', { status: 502 }) });
    expect(await screen.findByText('Error fetching products')).toBeInTheDocument();
  });

  it('Retry after a failed load asks again and shows the products', async () => {
    let answers = 0;
    const { user, to } = await openProducts({ 'GET /api/products': () => (++answers === 1 ? new Response('x', { status: 502 }) : listOf([oud])) });
    expect(await screen.findByText('Error fetching products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(oud.name)).toBeInTheDocument();
    expect(to('GET', '/api/products')).toHaveLength(2);
  });

  it('validates the add form, then adds; a taken SKU names its product under the field', async () => {
    let calls = 0;
    const { user, to } = await openProducts({
      'POST /api/products': () =>
        ++calls === 1
          ? json(409, { ok: false, error: 'SKU PRF-050 is already used by Oud Perfume.', code: 'product.sku_taken', params: { sku: 'PRF-050', name: 'Oud Perfume' }, field: 'sku' })
          : json(201, { ok: true, data: product({ name: 'Musk' }) }),
    });
    await user.click(screen.getByRole('button', { name: '+ Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('SKU is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    expect(to('POST', '/api/products')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Musk');
    await user.type(within(dialog).getByRole('textbox', { name: /SKU/ }), 'prf-050');
    await user.type(within(dialog).getByRole('textbox', { name: /Price/ }), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('SKU PRF-050 is already used by Oud Perfume.')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /SKU/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /SKU/ }), 'MSK-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Product' })).not.toBeInTheDocument());
    expect(to('POST', '/api/products').at(-1)!.body).toMatchObject({ name: 'Musk', sku: 'MSK-1', price: 300, stockQty: 0, minQty: 0, category: null });
  });

  it('edits a product in the modal', async () => {
    const { user, to } = await openProducts({ [`PATCH /api/products/${oud._id}`]: () => ok({ ...oud, price: 1300 }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Oud Perfume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByRole('textbox', { name: /SKU/ })).toHaveValue('PRF-050');
    const price = within(dialog).getByRole('textbox', { name: /Price/ });
    await user.clear(price);
    await user.type(price, '1300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(to('PATCH', `/api/products/${oud._id}`)).toHaveLength(1));
    expect(to('PATCH', `/api/products/${oud._id}`)[0].body).toMatchObject({ price: 1300, sku: 'PRF-050' });
  });

  it('deletes after a confirmation that says deals keep the product', async () => {
    const { user, to } = await openProducts({ [`DELETE /api/products/${oud._id}`]: () => ok({ message: 'ok' }) });
    await user.click(await screen.findByRole('button', { name: 'Delete Oud Perfume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete product' });
    expect(dialog).toHaveTextContent('deals that already include it keep it under its name');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(to('DELETE', `/api/products/${oud._id}`)).toHaveLength(1));
  });

  it('sends a sales user away from /products', async () => {
    fakeCrmApi(salesUser, {});
    renderApp('/products');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Products', level: 1 })).not.toBeInTheDocument());
  });
});

describe('Product detail', { timeout: 20_000 }, () => {
  const buyer: ProductBuyer = { contactId: testId(), name: 'Mona Adel', phone: '+201001234567', amount: 2400, pipeline_status: 'won', qty: 2 };

  it('shows every field, a link back and the customers who bought it', async () => {
    fakeCrmApi(adminUser, {
      [`GET /api/products/${galabeya._id}`]: () => ok({ ...galabeya, notes: 'Summer line' }),
      [`GET /api/products/${galabeya._id}/buyers`]: () => ok({ items: [buyer], total: 1 }),
    });
    renderApp(`/products/${galabeya._id}`);
    expect(await screen.findByRole('heading', { name: 'Cotton Galabeya', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to products/ })).toHaveAttribute('href', '/products');
    const fields = screen.getByRole('region', { name: 'Product details' });
    for (const text of ['GAL-1', 'Low stock (2)', 'Summer line', 'Min Qty', 'Last updated']) expect(fields).toHaveTextContent(text);
    const table = screen.getByRole('table', { name: 'Customers who bought this product' });
    // the spec's title of the table is shown, not only its accessible name
    expect(screen.getByRole('heading', { name: 'Customers who bought this product', level: 2 })).toBeVisible();
    const row = (await within(table).findByText('Mona Adel')).closest('tr')!;
    expect(row).toHaveTextContent('+201001234567');
    expect(row).toHaveTextContent(/EGP\s2,400/);
    expect(row).toHaveTextContent('won');
    expect(within(row).getByRole('link', { name: 'View Mona Adel' })).toHaveAttribute('href', `/contacts/${buyer.contactId}`);
  });

  it("shows 'No sales yet.'", async () => {
    fakeCrmApi(adminUser, {
      [`GET /api/products/${box._id}`]: () => ok(box),
      [`GET /api/products/${box._id}/buyers`]: () => ok({ items: [], total: 0 }),
    });
    renderApp(`/products/${box._id}`);
    expect(await screen.findByText('No sales yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customers who bought this product', level: 2 })).toBeInTheDocument();
  });

  it("pages a search the server stopped counting at as 'Page 1 of 60+', with Next open", async () => {
    await openProducts({ 'GET /api/products': () => ok({ items: [oud], total: 3_000, totalIsLowerBound: true }) });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(await within(pager).findByText('Page 1 of 60+')).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  // One run per language (the Arabic copy only repeated these): texts from each catalogue.
  describe.each(LANGUAGES)('in %s', (language) => {
    const text = (key: string, values?: Record<string, string | number>) => catalogueText(language, key.includes(':') ? key : `products:${key}`, values);
    const me = inLanguage(adminUser, language);
    const oud: Product = {
      _id: testId(),
      name: 'عطر عود',
      sku: 'PRF-050',
      category: 'عطور',
      price: 1200,
      stockQty: 0,
      minQty: 3,
      notes: null,
      stockLevel: 'out',
      archived: false,
      updatedAt: '2026-11-20T10:00:00Z',
    };

    it('shows the heads, badge, search, form rules and the delete confirmation in the language and its direction', async () => {
      fakeCrmApi(me, { 'GET /api/products': () => ok({ items: [oud], total: 1 }) });
      const { user } = renderApp('/products');
      await screen.findByRole('heading', { name: text('title'), level: 1 });
      expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      const table = screen.getByRole('table', { name: text('title') });
      const row = (await within(table).findByText(oud.name)).closest('tr')!;
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['name', 'sku', 'category', 'stock', 'price', 'updated', 'actions'].map((column) => text(`columns.${column}`)));
      expect(within(row).getByText(text('stock.out', { qty: 0 }))).toBeInTheDocument();
      expect(within(row).getByText('PRF-050').closest('bdi')).toHaveAttribute('dir', 'ltr');
      expect(screen.getByPlaceholderText(text('searchPlaceholder'))).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: text('add') }));
      const dialog = await screen.findByRole('dialog', { name: text('form.addTitle') });
      await user.click(within(dialog).getByRole('button', { name: text('form.save') }));
      expect(await within(dialog).findByText(text('form.nameRequired'))).toBeInTheDocument();
      expect(within(dialog).getByText(text('form.skuRequired'))).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: text('form.cancel') }));

      await user.click(within(row).getByRole('button', { name: text('delete.label', { name: oud.name }) }));
      const confirm = await screen.findByRole('dialog', { name: text('delete.title') });
      expect(confirm).toHaveTextContent(text('delete.confirm', { name: oud.name }));
    });

    it('titles the buyers table of a product in the language', async () => {
      fakeCrmApi(me, { [`GET /api/products/${oud._id}`]: () => ok(oud), [`GET /api/products/${oud._id}/buyers`]: () => ok({ items: [], total: 0 }) });
      renderApp(`/products/${oud._id}`);
      expect(await screen.findByRole('heading', { name: text('detail.buyers'), level: 2 })).toBeInTheDocument();
      expect(screen.getByRole('table', { name: text('detail.buyers') })).toBeInTheDocument();
    });

    it('pages buyers the server stopped counting at as "page 1 of 150+"', async () => {
      const buyer = { contactId: testId(), name: 'هبة منصور', phone: '+201001234567', amount: 1200, pipeline_status: 'won' as const, qty: 1 };
      fakeCrmApi(me, {
        [`GET /api/products/${oud._id}`]: () => ok(oud),
        [`GET /api/products/${oud._id}/buyers`]: () => ok({ items: [buyer], total: 3_000, totalIsLowerBound: true }),
      });
      renderApp(`/products/${oud._id}`);
      const pager = await screen.findByRole('navigation', { name: text('common:pager.label') });
      expect(await within(pager).findByText(text('common:pager.pageOfAtLeast', { page: 1, pages: 150 }))).toBeInTheDocument();
    });
  });
});
