import type { PipelineStatus, ReportData } from '@crm/common';
import type { SheetSpec } from '../contacts/workbook.js';

export type ExportLanguage = 'en' | 'ar';

/**
 * The export's sheet names and column heads in the user's language (users.language). The texts are
 * the renderer's (locales/{en,ar}/reports.json and contacts.json "pipelineStatus"), so a sheet is
 * named as the card or chart it repeats.
 */
const LABELS = {
  en: {
    sheets: { kpis: 'KPIs', pipeline: 'Pipeline', monthly: 'Monthly Revenue', expenses: 'Expenses by Category', lost: 'Lost Reasons', stageDays: 'Days per Stage' },
    lost: { reason: 'Reason', count: 'Deals', amount: 'Amount', none: 'No reason given' },
    stageDays: { status: 'Status', average: 'Average Days', deals: 'Deals' },
    kpis: { metric: 'Metric', value: 'Value' },
    kpi: {
      leads: 'New Leads',
      sales: 'Won Deals',
      salesAmount: 'Sales Revenue',
      expenses: 'Total Expenses',
      conversionRate: 'Conversion Rate (%)',
      avgDealSize: 'Avg Deal Size',
    },
    pipeline: { status: 'Status', count: 'Deals' },
    status: { new: 'New', contacted: 'Contacted', qualified: 'Qualified', proposal: 'Proposal', negotiation: 'Negotiation', won: 'Won', lost: 'Lost' },
    monthly: { year: 'Year', month: 'Month', revenue: 'Revenue', deals: 'Deals' },
    expenses: { category: 'Category', total: 'Total Amount' },
    uncategorized: 'Uncategorized',
  },
  ar: {
    sheets: { kpis: 'الأرقام الرئيسية', pipeline: 'المسار', monthly: 'الإيرادات الشهرية', expenses: 'المصروفات حسب الفئة', lost: 'أسباب الخسارة', stageDays: 'الأيام في كل مرحلة' },
    lost: { reason: 'السبب', count: 'الصفقات', amount: 'المبلغ', none: 'بدون سبب' },
    stageDays: { status: 'الحالة', average: 'متوسط الأيام', deals: 'الصفقات' },
    kpis: { metric: 'المؤشر', value: 'القيمة' },
    kpi: {
      leads: 'عملاء محتملون جدد',
      sales: 'الصفقات الناجحة',
      salesAmount: 'إيرادات المبيعات',
      expenses: 'إجمالي المصروفات',
      conversionRate: 'معدل التحويل (%)',
      avgDealSize: 'متوسط حجم الصفقة',
    },
    pipeline: { status: 'الحالة', count: 'الصفقات' },
    status: { new: 'جديد', contacted: 'تم التواصل', qualified: 'مؤهَّل', proposal: 'عرض سعر', negotiation: 'تفاوض', won: 'تم الفوز', lost: 'خسارة' },
    monthly: { year: 'السنة', month: 'الشهر', revenue: 'الإيرادات', deals: 'الصفقات' },
    expenses: { category: 'الفئة', total: 'إجمالي المبلغ' },
    uncategorized: 'بدون فئة',
  },
} satisfies Record<ExportLanguage, unknown>;

/** The labels of one language (for tests and the sheet builder). */
export const reportExportLabels = (language: ExportLanguage) => LABELS[language];

const MONEY = '#,##0.00';
const COUNT = '#,##0';

/**
 * The export's sheets, built from the very ReportData `/reports/detailed` returns for the same
 * query: KPIs, Pipeline, Monthly Revenue, Expenses by Category, Lost Reasons, Days per Stage, in that order. Amounts stay
 * numbers (money to the cent), so the workbook can be summed. The sales team is not a sheet: the
 * report gives only their names (filter choices), no figures per person.
 */
export function reportSheets(data: ReportData, language: ExportLanguage): SheetSpec[] {
  const l = LABELS[language];
  const k = data.kpis;
  return [
    {
      name: l.sheets.kpis,
      heads: [l.kpis.metric, l.kpis.value],
      rows: [
        [l.kpi.leads, k.leads],
        [l.kpi.sales, k.sales],
        [l.kpi.salesAmount, k.salesAmount],
        [l.kpi.expenses, k.expenses],
        [l.kpi.conversionRate, k.conversionRate],
        [l.kpi.avgDealSize, k.avgDealSize],
      ],
      widths: [24, 16],
      formats: [null, '#,##0.##'],
    },
    {
      name: l.sheets.pipeline,
      heads: [l.pipeline.status, l.pipeline.count],
      rows: data.pipeline.map((p) => [l.status[p.status as PipelineStatus], p.count]),
      widths: [18, 10],
      formats: [null, COUNT],
    },
    {
      name: l.sheets.monthly,
      heads: [l.monthly.year, l.monthly.month, l.monthly.revenue, l.monthly.deals],
      rows: data.monthlyRevenue.map((m) => [m._id.year, m._id.month, m.revenue, m.deals]),
      widths: [8, 8, 16, 10],
      formats: [null, null, MONEY, COUNT],
    },
    {
      name: l.sheets.expenses,
      heads: [l.expenses.category, l.expenses.total],
      rows: data.expensePerformance.map((e) => [e.category ?? l.uncategorized, e.totalAmount]),
      widths: [24, 16],
      formats: [null, MONEY],
    },
    {
      name: l.sheets.lost,
      heads: [l.lost.reason, l.lost.count, l.lost.amount],
      rows: data.lostReasons.map((r) => [r.reason || l.lost.none, r.count, r.amount]),
      widths: [28, 10, 16],
      formats: [null, COUNT, MONEY],
    },
    {
      name: l.sheets.stageDays,
      heads: [l.stageDays.status, l.stageDays.average, l.stageDays.deals],
      rows: data.stageDays.map((d) => [l.status[d.status], d.averageDays, d.deals]),
      widths: [18, 14, 10],
      formats: [null, '#,##0.0', COUNT],
    },
  ];
}
