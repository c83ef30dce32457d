import { Alert, Button, Group, Loader, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReportData } from '@crm/common';
import { notifications } from '@mantine/notifications';
import { CircleAlert, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { formatMoney, formatNumber, todayDay, userTimeZone } from '../../lib/format';
import { DateRangeFilter, type DayRange } from '../../ui/DateRangeFilter';
import { PageHeader } from '../../ui/PageHeader';
import { saveDownloadedFile } from '../contacts/export-file';
import { reportsApi } from './api';
import { ExpensesChart, PipelineChart, RevenueChart } from './charts';
import { KpiCard } from './KpiCard';

/**
 * spec/admin.md "Detailed Reports": From Date, To Date and Sales Person filters, the six KPI cards
 * and three charts. Every figure is defined in common/rules/kpis.ts (README "What the figures count").
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const [range, setRange] = useState<DayRange>({ from: null, to: null });
  const [assignedTo, setAssignedTo] = useState<string>('');
  const [data, setData] = useState<ReportData | null>(null);
  const [team, setTeam] = useState<ReportData['salesTeam']>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    setError(null);
    reportsApi
      .detailed({ from: range.from ?? undefined, to: range.to ?? undefined, assignedTo: assignedTo || undefined, tz: userTimeZone() })
      .then(
        (report) => {
          if (!alive) return;
          setData(report);
          setTeam(report.salesTeam);
        },
        (failure) => alive && (setData(null), setError(errorMessage(failure, 'reports:loadFailed'))),
      )
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [range.from, range.to, assignedTo]);

  /** The same query as the cards and charts, so the workbook shows the figures on screen. */
  const exportReport = async () => {
    setExporting(true);
    try {
      const blob = await reportsApi.exportFile({ from: range.from ?? undefined, to: range.to ?? undefined, assignedTo: assignedTo || undefined, tz: userTimeZone() });
      const saved = await saveDownloadedFile(blob, `Report_${todayDay()}.xlsx`, { name: t('excelWorkbook'), extensions: ['xlsx'] });
      if (saved) notifications.show({ color: 'green', message: t('exported') });
    } catch (failure) {
      notifications.show({ color: 'red', title: t('export'), message: errorMessage(failure, 'reports:exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const kpis = data?.kpis;
  const money = (value: number | undefined) => formatMoney(value ?? 0);
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="default" leftSection={<Download size={16} aria-hidden />} loading={exporting} onClick={() => void exportReport()}>
            {t('export')}
          </Button>
        }
      />
      <Group gap="md" align="flex-end" wrap="wrap" mb="lg">
        <DateRangeFilter from={range.from} to={range.to} onChange={setRange} fromLabel={t('fromDate')} toLabel={t('toDate')} />
        <NativeSelect
          size="sm"
          label={t('salesPerson')}
          data={[{ value: '', label: t('allSales') }, ...team.map((u) => ({ value: u._id, label: u.name }))]}
          value={assignedTo}
          onChange={(event) => setAssignedTo(event.currentTarget.value)}
          w={200}
        />
      </Group>

      {error && (
        <Alert color="red" variant="light" icon={<CircleAlert size={18} />} role="alert" mb="lg">
          {error}
        </Alert>
      )}
      {loading && (
        <Group gap="xs" mb="md" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('generating')}
          </Text>
        </Group>
      )}

      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="md" component="section" aria-label={t('kpisLabel')}>
          <KpiCard label={t('kpis.leads')} loading={loading} value={formatNumber(kpis?.leads ?? 0)} />
          <KpiCard label={t('kpis.sales')} loading={loading} value={formatNumber(kpis?.sales ?? 0)} />
          <KpiCard label={t('kpis.salesAmount')} loading={loading} value={money(kpis?.salesAmount)} />
          <KpiCard label={t('kpis.expenses')} loading={loading} value={money(kpis?.expenses)} />
          <KpiCard
            label={t('kpis.conversionRate')}
            loading={loading}
            value={formatNumber((kpis?.conversionRate ?? 0) / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          />
          <KpiCard label={t('kpis.avgDealSize')} loading={loading} value={money(kpis?.avgDealSize)} />
        </SimpleGrid>
        {data && (
          <>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <PipelineChart data={data.pipeline} />
              <ExpensesChart data={data.expensePerformance} />
            </SimpleGrid>
            <RevenueChart data={data.monthlyRevenue} />
          </>
        )}
      </Stack>
    </>
  );
}
