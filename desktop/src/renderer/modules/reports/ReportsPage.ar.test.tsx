import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../contacts/testing/fake-crm-api';
import { reportData } from './testing/report-data';

const arabicAdmin = { ...adminUser, language: 'ar' as const, arabicDigits: false };
const card = (name: string) => screen.getByRole('group', { name });

/** The reports in Arabic, right to left; charts stay left to right inside. */
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
    expect(screen.getByRole('region', { name: 'الإيرادات عبر الزمن' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصدير إلى Excel' })).toBeInTheDocument();
  });

  it('words a failure in Arabic', async () => {
    fakeCrmApi(arabicAdmin, { 'GET /api/reports/detailed': () => new Response('x', { status: 502 }) });
    renderApp('/reports');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('تعذّر تحميل بيانات التقرير.');
  });

  it('words a failed export in Arabic', async () => {
    fakeCrmApi(arabicAdmin, { 'GET /api/reports/detailed': () => ok(reportData), 'GET /api/reports/export': () => new Response(null, { status: 500 }) });
    const { user } = renderApp('/reports');
    await user.click(await screen.findByRole('button', { name: 'تصدير إلى Excel' }, { timeout: 5000 }));
    expect(await screen.findByText('تعذر تصدير البيانات.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
