import { screen, within } from '@testing-library/react';
import type { Product } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
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

/** Products in Arabic, right to left. */
describe('Products in Arabic', { timeout: 20_000 }, () => {
  it('shows Arabic heads, badge, search, form rules and the delete confirmation', async () => {
    fakeCrmApi(arabicAdmin, { 'GET /api/products': () => ok({ items: [oud], total: 1 }) });
    const { user } = renderApp('/products');
    await screen.findByRole('heading', { name: 'المنتجات', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = screen.getByRole('table', { name: 'المنتجات' });
    const row = (await within(table).findByText('عطر عود')).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['الاسم', 'رمز المنتج', 'الفئة', 'المخزون', 'السعر (ج.م)', 'آخر تحديث', 'الإجراءات']);
    expect(within(row).getByText('نفد المخزون (0)')).toBeInTheDocument();
    expect(within(row).getByText('PRF-050').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByPlaceholderText('ابحث بالاسم أو رمز المنتج...')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ إضافة منتج' }));
    const dialog = await screen.findByRole('dialog', { name: 'إضافة منتج' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('الاسم مطلوب')).toBeInTheDocument();
    expect(within(dialog).getByText('رمز المنتج مطلوب')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));

    await user.click(within(row).getByRole('button', { name: 'حذف عطر عود' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف المنتج' });
    expect(confirm).toHaveTextContent('الصفقات التي تتضمنه فتحتفظ به باسمه');
  });

  it('titles the buyers table of a product in Arabic', async () => {
    fakeCrmApi(arabicAdmin, {
      [`GET /api/products/${oud._id}`]: () => ok(oud),
      [`GET /api/products/${oud._id}/buyers`]: () => ok({ items: [], total: 0 }),
    });
    renderApp(`/products/${oud._id}`);
    expect(await screen.findByRole('heading', { name: 'العملاء الذين اشتروا هذا المنتج', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'العملاء الذين اشتروا هذا المنتج' })).toBeInTheDocument();
  });

  it('pages buyers the server stopped counting at as "صفحة 1 من 150+"', async () => {
    const buyer = { contactId: testId(), name: 'هبة منصور', phone: '+201001234567', amount: 1200, pipeline_status: 'won' as const, qty: 1 };
    fakeCrmApi(arabicAdmin, {
      [`GET /api/products/${oud._id}`]: () => ok(oud),
      [`GET /api/products/${oud._id}/buyers`]: () => ok({ items: [buyer], total: 3_000, totalIsLowerBound: true }),
    });
    renderApp(`/products/${oud._id}`);
    const pager = await screen.findByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(await within(pager).findByText('صفحة 1 من 150+')).toBeInTheDocument();
  });
});
