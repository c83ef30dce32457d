import { screen, within } from '@testing-library/react';
import type { TeamUser } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, testId } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const mona: TeamUser = {
  _id: testId(),
  tenantId: adminUser.tenantId,
  name: 'منى',
  email: 'mona@shop.test',
  role: 'sales',
  isActive: true,
  status: 'offline',
  isOnline: false,
  lastSeen: null,
  lastActionAt: null,
  firstLogin: null,
  createdAt: '2026-10-01T08:00:00Z',
};

/** Team Users in Arabic, right to left. */
describe('Team Users in Arabic', { timeout: 20_000 }, () => {
  it('shows Arabic heads, presence, the empty session history and a refusal by its code', async () => {
    fakeCrmApi(arabicAdmin, {
      'GET /api/users': () => ok([mona]),
      [`GET /api/users/${mona._id}/sessions`]: () => ok([]),
      [`PUT /api/users/${mona._id}`]: () => json(403, { ok: false, error: 'You cannot deactivate your own account or remove your own admin role.', code: 'user.cannot_lock_out_self' }),
    });
    const { user } = renderApp('/team/users');
    await screen.findByRole('heading', { name: 'مستخدمو الفريق', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const table = screen.getByRole('table', { name: 'مستخدمو الفريق' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['الاسم', 'البريد الإلكتروني', 'الدور', 'الحالة', 'التواجد', 'تاريخ الإنشاء', 'الإجراءات']);
    const row = (await screen.findByRole('button', { name: 'سجل جلسات منى' })).closest('tr')!;
    expect(row).toHaveTextContent(/مبيعات.*نشط.*غير متصل.*أبدًا/);

    await user.click(screen.getByRole('button', { name: 'سجل جلسات منى' }));
    expect(await screen.findByText('لا توجد جلسات (أطول من 5 دقائق)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تعديل منى' }));
    const dialog = await screen.findByRole('dialog', { name: 'تعديل المستخدم' });
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('لا يمكنك إيقاف حسابك أو إزالة صلاحية المسؤول عن نفسك.')).toBeInTheDocument();
  });
});
