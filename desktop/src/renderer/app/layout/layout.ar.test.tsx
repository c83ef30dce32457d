import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fakeApi, healthHandler, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };

async function openAsArabicAdmin() {
  localStorage.setItem('token', 'token');
  const api = fakeApi({
    'GET /api/auth/me': () => ok(arabicAdmin),
    'GET /api/health': healthHandler(false),
    'GET /api/notifications': () => ok({ items: [], total: 0, unreadCount: 0 }),
    'PATCH /api/auth/me/preferences': (call) => ok({ ...arabicAdmin, ...(call.body as object) }),
  });
  const view = renderApp('/customers');
  const nav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
  return { ...view, ...api, nav };
}

/** A user who chose Arabic gets the frame in Arabic, right to left, on any machine. */
describe('app layout in Arabic', () => {
  it('is right to left with Arabic sidebar, header and user menu', async () => {
    const { nav, user } = await openAsArabicAdmin();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(within(nav).getByRole('link', { name: 'لوحة التحكم' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('group', { name: 'إدارة الفريق' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'ربط واتساب' })).toHaveAttribute('href', '/settings/whatsapp');
    expect(screen.getByRole('button', { name: 'طي الشريط الجانبي' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /المظهر/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'الإشعارات' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'قائمة المستخدم' }));
    expect(await screen.findByRole('menuitem', { name: 'الملف الشخصي' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'تسجيل الخروج' })).toBeInTheDocument();
  });

  it("the user menu's language switch saves the choice with the user and turns the app left to right", async () => {
    const { user, calls } = await openAsArabicAdmin();
    await user.click(screen.getByRole('button', { name: 'قائمة المستخدم' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ language: 'en' }));
    expect(calls.find((c) => c.method === 'PATCH')?.path).toBe('/api/auth/me/preferences');
  });

  it('a refused save switches back and says so', async () => {
    localStorage.setItem('token', 'token');
    fakeApi({
      'GET /api/auth/me': () => ok(arabicAdmin),
      'GET /api/health': healthHandler(false),
      'GET /api/notifications': () => ok({ items: [], total: 0, unreadCount: 0 }),
      'PATCH /api/auth/me/preferences': () => new Response(JSON.stringify({ ok: false, error: 'Nope', code: 'internal_error' }), { status: 500 }),
    });
    const { user } = renderApp('/customers');
    await user.click(await screen.findByRole('button', { name: 'قائمة المستخدم' }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByText('تعذّر حفظ اللغة.')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
