import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { reportData } from './testing/report-data';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const card = (name: string) => screen.getByRole('group', { name });

/**
 * The reports in Arabic, right to left; charts stay left to right inside. The failures of the
 * report and of its export run in both languages in ReportsPage.test.tsx.
 */
describe('Detailed Reports in Arabic', { timeout: 20_000 }, () => {
  it('shows the Arabic filters, cards and chart titles', async () => {
    fakeCrmApi(arabicAdmin, { 'GET /api/reports/detailed': () => ok(reportData) });
    renderApp('/reports');
    await screen.findByRole('heading', { name: 'التقارير التفصيلية', level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('textbox', { name: 'من تاريخ' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'مندوب المبيعات' })).toHaveTextContent('كل المبيعات');
    await waitFor(() => expect(card('عملاء محتملون جدد')).toHaveTextContent('120'), { timeout: 5000 });
    expect(card('الصفقات الناجحة')).toHaveTextContent('12');
    expect(screen.getByRole('img', { name: 'المصروفات حسب الفئة' })).toHaveAttribute('dir', 'ltr');
    const revenue = screen.getByRole('region', { name: 'الإيرادات عبر الزمن' });
    expect(within(revenue).getByRole('img', { name: 'الإيرادات حسب الشهر' })).toHaveAttribute('dir', 'ltr');
    expect(within(revenue).getByRole('img', { name: 'الصفقات حسب الشهر' })).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: 'تصدير إلى Excel' })).toBeInTheDocument();
  });
});
