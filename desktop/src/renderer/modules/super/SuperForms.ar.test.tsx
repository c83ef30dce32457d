import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyPreferences, initialPreferences } from '../../i18n';
import { json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeSuperApi, makeSuperUser, makeTenant, pagedTenants } from './testing/fake-super-api';

const acme = makeTenant();
const mona = makeSuperUser(acme, { name: 'Mona' });

/** What the server's validation pipe answers: the first field's English, and every refused field's issue. */
const refused = (error: string, issues: object[]) => json(400, { ok: false, error, code: 'validation_failed', params: { ...issues[0] }, field: (issues[0] as { field: string }).field, issues });

function inArabic() {
  localStorage.setItem('crm-language', 'ar'); // the super administrator's choice stays on the machine
  applyPreferences(initialPreferences());
}

/** The super area's forms refused by the server, worded field by field in Arabic from the issue codes. */
describe('Super forms refused by the server, in Arabic', { timeout: 30_000 }, () => {
  it('the add-company form shows each refused field in Arabic next to it, never the server English', async () => {
    inArabic();
    fakeSuperApi({
      'GET /api/super/tenants': pagedTenants(() => [acme]),
      'POST /api/super/tenants': () =>
        refused('Slug must be at least 2 characters', [
          { field: 'slug', issue: 'too_small', minimum: 2, origin: 'string' },
          { field: 'adminEmail', issue: 'invalid_format', format: 'email' },
          { field: 'adminPassword', issue: 'too_small', minimum: 8, origin: 'string' },
        ]),
    });
    const { user } = renderApp('/super/tenants');
    await screen.findByRole('heading', { name: 'الشركات', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const form = screen.getByRole('region', { name: 'إضافة شركة' });
    await user.type(within(form).getByLabelText(/^اسم الشركة/), 'متجر النيل');
    await user.type(within(form).getByLabelText(/^المعرّف/), 'nile-shop');
    await user.type(within(form).getByLabelText(/^بريد المسؤول/), 'mona@nile.test');
    await user.type(within(form).getByLabelText(/^كلمة مرور المسؤول/), 'Str0ng-pass');
    await user.click(within(form).getByRole('button', { name: 'إضافة شركة' }));

    expect(await within(form).findByText('يجب ألا يقل المعرّف عن حرفين')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^المعرّف/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(/^بريد المسؤول/)).toHaveAccessibleDescription('يجب أن يكون البريد الإلكتروني صحيحًا');
    expect(within(form).getByLabelText(/^كلمة مرور المسؤول/)).toHaveAccessibleDescription('يجب ألا تقل كلمة المرور عن 8 أحرف');
    expect(form).not.toHaveTextContent(/Slug must|slug:/);
  });

  it('the add-user form words a refused name and company in Arabic', async () => {
    inArabic();
    fakeSuperApi({
      'GET /api/super/tenants': pagedTenants(() => [acme]),
      'GET /api/super/users': () => ok({ items: [mona], total: 1 }),
      'POST /api/super/users': () =>
        refused('Name must be at most 200 characters', [
          { field: 'name', issue: 'too_big', maximum: 200, origin: 'string' },
          { field: 'tenantId', issue: 'invalid_format', format: 'uuid' },
        ]),
    });
    const { user } = renderApp('/super/users');
    await screen.findByRole('heading', { name: 'إدارة المستخدمين', level: 1 });
    const form = screen.getByRole('region', { name: 'إضافة مستخدم' });
    await user.type(within(form).getByRole('textbox', { name: /^الاسم/ }), 'نور');
    await user.type(within(form).getByRole('textbox', { name: /^البريد الإلكتروني/ }), 'nour@acme.test');
    await user.type(within(form).getByLabelText(/^كلمة المرور/), 'Str0ng-pass');
    await user.click(within(form).getByLabelText(/^الشركة/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Acme Shop' }));
    await user.click(within(form).getByRole('button', { name: 'إضافة مستخدم' }));

    expect(await within(form).findByText('يجب ألا يزيد الاسم على 200 حرف')).toBeInTheDocument();
    expect(within(form).getByText('الشركة مطلوبة')).toBeInTheDocument();
    expect(form).not.toHaveTextContent(/Name must/);
  });

  it('the edit-user dialog words a refused password with its field and limit in Arabic', async () => {
    inArabic();
    fakeSuperApi({
      'GET /api/super/tenants': pagedTenants(() => [acme]),
      'GET /api/super/users': () => ok({ items: [mona], total: 1 }),
      [`PATCH /api/super/users/${mona._id}`]: () => refused('Password must be at least 8 characters', [{ field: 'password', issue: 'too_small', minimum: 8, origin: 'string' }]),
    });
    const { user } = renderApp('/super/users');
    await user.click(await screen.findByRole('button', { name: 'تعديل Mona' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل المستخدم' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('كلمة المرور: يجب ألا يقل عن 8 أحرف');
  });
});
