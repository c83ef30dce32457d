import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyPreferences, initialPreferences } from '../../i18n';
import { json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeSuperApi, makeTenant } from './testing/fake-super-api';

const acme = makeTenant({ name: 'متجر النيل', subscription: { type: 'trial', status: 'inactive', expiresAt: null, price: 0, paidAmount: 0, remainingAmount: 0 } });
const path = `/api/super/tenants/${acme._id}`;

/** The company profile in Arabic, right to left (the super administrator's language stays on the machine). */
describe('Company profile in Arabic', { timeout: 30_000 }, () => {
  it('shows Arabic labels, the subscription badge and a refusal next to its field, and suspends after confirmation', async () => {
    localStorage.setItem('crm-language', 'ar'); // chosen on this machine before
    applyPreferences(initialPreferences());
    fakeSuperApi({
      [`GET ${path}`]: () => ok(acme),
      [`GET ${path}/audit`]: () =>
        ok({ items: [{ _id: acme._id, at: '2026-11-20T10:00:00.000Z', actorName: null, action: 'tenant.created', targetLabel: null, before: null, after: { name: 'متجر النيل' } }], total: 1 }),
      [`PATCH ${path}/subscription`]: () => json(400, { ok: false, error: 'Price: Price must be a number', code: 'validation_failed', params: { field: 'price', issue: 'invalid_type' } }),
      [`PATCH ${path}`]: () => ok({ ...acme, isActive: false }),
      // A code this renderer has no text for reads as the screen's generic text, not the server's English.
      [`DELETE ${path}`]: () => json(409, { ok: false, error: 'Some rule the server added later', code: 'tenant.a_future_rule' }),
    });
    const { user } = renderApp(`/super/tenants/${acme._id}`);
    await screen.findByRole('heading', { name: 'متجر النيل', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: 'العودة إلى الشركات' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'الاشتراك' });
    expect(within(card).getByRole('group', { name: 'النوع' })).toHaveTextContent('تجريبي');
    expect(within(card).getByRole('group', { name: 'الحالة' })).toHaveTextContent('غير نشط');
    expect(within(card).getByRole('group', { name: 'تاريخ الانتهاء' })).toHaveTextContent('بلا تاريخ انتهاء');
    const log = await screen.findByRole('table', { name: 'سجل التدقيق' });
    await waitFor(() => expect(within(log).getAllByRole('row')[1]).toHaveTextContent(/النظام.*إنشاء الشركة/));

    await user.click(within(card).getByRole('button', { name: 'تعديل الاشتراك' }));
    const form = screen.getByRole('form', { name: 'تعديل الاشتراك' });
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    // Worded from the code in Arabic (the server's English text is for English only).
    const price = within(form).getByRole('textbox', { name: 'السعر' });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));

    await user.click(screen.getByRole('button', { name: 'إيقاف الشركة' }));
    const confirm = await screen.findByRole('dialog', { name: 'إيقاف متجر النيل؟' });
    await user.click(within(confirm).getByRole('button', { name: 'إيقاف الشركة' }));
    expect(await screen.findByText('موقوفة')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'حذف الشركة' }));
    const danger = await screen.findByRole('dialog', { name: 'حذف متجر النيل؟' });
    await user.type(within(danger).getByRole('textbox', { name: 'معرّف الشركة أو اسمها' }), 'متجر النيل');
    await user.click(within(danger).getByRole('button', { name: 'حذف نهائي' }));
    expect(await within(danger).findByRole('alert')).toHaveTextContent('تعذر حذف الشركة.');
  });
});
