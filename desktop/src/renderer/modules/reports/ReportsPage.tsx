import { Alert, Button, Group, Loader, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReportData } from '@crm/common';
import { notifications } from '@mantine/notifications';
import { CircleAlert, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { useQuery } from '../../lib/load/use-query';
import { formatMoney, formatNumber, todayDay, userTimeZone } from '../../lib/format';
import { DateRangeFilter, type DayRange } from '../../ui/DateRangeFilter';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';
import { saveDownloadedFile } from '../contacts/export-file';
import { LabelsReportSection } from '../labels/LabelsReportSection';
import { reportsApi } from './api';
import { ExpensesChart, PipelineChart, RevenueChart } from './charts';
import { LostReasonsTable, StageDaysTable } from './PipelineReportTables';

/**
 * Detailed Reports: From Date, To Date and Sales Person filters, the six KPI cards
 * and three charts. Every figure is defined in common/rules/kpis.ts (docs/product-rules.md, "What the figures count").
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  const [range, setRange] = useState<DayRange>({ from: null, to: null });
  const [assignedTo, setAssignedTo] = useState<string>('');
  const [team, setTeam] = useState<ReportData['salesTeam']>([]);
  const [exporting, setExporting] = useState(false);
  const report = useQuery(
    (signal) => reportsApi.detailed({ from: range.from ?? undefined, to: range.to ?? undefined, assignedTo: assignedTo || undefined, tz: userTimeZone() }, signal),
    [range.from, range.to, assignedTo],
    { errorText: (failure) => errorMessage(failure, 'reports:loadFailed') },
  );
  const { data, loading, error } = report;

  // The sales people of the last report that loaded stay in the filter while the next one loads.
  useEffect(() => {
    if (data) setTeam(data.salesTeam);
  }, [data]);

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
          <StatCard label={t('kpis.leads')} loading={loading} value={formatNumber(kpis?.leads ?? 0)} />
          <StatCard label={t('kpis.sales')} loading={loading} value={formatNumber(kpis?.sales ?? 0)} />
          <StatCard label={t('kpis.salesAmount')} loading={loading} value={money(kpis?.salesAmount)} />
          <StatCard label={t('kpis.expenses')} loading={loading} value={money(kpis?.expenses)} />
          <StatCard
            label={t('kpis.conversionRate')}
            loading={loading}
            value={formatNumber((kpis?.conversionRate ?? 0) / 100, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          />
          <StatCard label={t('kpis.avgDealSize')} loading={loading} value={money(kpis?.avgDealSize)} />
        </SimpleGrid>
        {data && (
          <>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <PipelineChart data={data.pipeline} />
              <ExpensesChart data={data.expensePerformance} />
            </SimpleGrid>
            <RevenueChart data={data.monthlyRevenue} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <LostReasonsTable data={data.lostReasons ?? []} />
              <StageDaysTable data={data.stageDays ?? []} />
            </SimpleGrid>
          </>
        )}
        <LabelsReportSection query={{ from: range.from ?? undefined, to: range.to ?? undefined, assignedTo: assignedTo || undefined, tz: userTimeZone() }} />
      </Stack>
    </>
  );
}
