import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, json, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const stats = { leads: 167, customers: 67, sales: 66, salesAmount: 105_754.5, conversionRate: 22 };

async function openDashboardInArabic(handlers: Record<string, CrmHandler> = {}) {
  const api = fakeCrmApi(arabicAdmin, {
    'GET /api/contacts/stats': () => ok(stats),
    'GET /api/auth/users': () => ok([adminUser]),
    ...handlers,
  });
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'لوحة التحكم', level: 1 });
  return { ...view, ...api };
}
const card = (name: string) => screen.getByRole('group', { name });

/** The dashboard in Arabic, right to left. */
describe('Dashboard in Arabic', { timeout: 15_000 }, () => {
  it('shows the Arabic cards, filters and Admin Insights', async () => {
    await openDashboardInArabic();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await waitFor(() => expect(card('العملاء المحتملون')).toHaveTextContent('167'));
    expect(card('صفقات البيع')).toHaveTextContent('66');
    expect(card('معدل التحويل')).toHaveTextContent('22');
    expect(screen.getByRole('textbox', { name: 'من' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'إلى' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تطبيق' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'مؤشرات الإدارة' })).toBeInTheDocument();
    await waitFor(() => expect(card('إجمالي المستخدمين')).toHaveTextContent('1'));
  });

  it('words a server error by its code in Arabic', async () => {
    await openDashboardInArabic({ 'GET /api/contacts/stats': () => json(403, { ok: false, error: 'Forbidden', code: 'forbidden' }) });
    expect(await screen.findByText('غير مسموح لك بهذا الإجراء.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
