import { Box, Card, SimpleGrid, Text, useComputedColorScheme } from '@mantine/core';
import { ResponsiveBar } from '@nivo/bar';
import { ResponsiveLine } from '@nivo/line';
import { ResponsivePie } from '@nivo/pie';
import type { ReportData } from '@crm/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../lib/format';
import { PIPELINE_STATUS_KEYS } from '../contacts/labels';

/** Charts: a palette of six colours, height 300, pie outer radius 100. */
export const CHART_PALETTE = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf'] as const;
export const CHART_HEIGHT = 300;
export const PIE_OUTER_RADIUS = 100;
/** nivo's pie takes the largest circle that fits inside its margins: 50 px above and below leave 2 × 100 px. */
const PIE_MARGIN = { top: (CHART_HEIGHT - 2 * PIE_OUTER_RADIUS) / 2, bottom: (CHART_HEIGHT - 2 * PIE_OUTER_RADIUS) / 2, left: 110, right: 110 };

/** Ink and paper of each theme (Mantine's dark and gray scales). */
const INK = {
  light: { body: '#495057', strong: '#212529', paper: '#ffffff', grid: '#e9ecef', line: '#ced4da' },
  dark: { body: '#c9c9c9', strong: '#f1f3f5', paper: '#25262b', grid: '#373a40', line: '#5c5f66' },
} as const;

/** Text, grid and tooltip colours that read on the light and the dark theme. */
function useChartTheme() {
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const ink = dark ? INK.dark : INK.light;
  const text = ink.body;
  return {
    text: { fill: text, fontSize: 12 },
    axis: { ticks: { text: { fill: text } }, legend: { text: { fill: text } }, domain: { line: { stroke: ink.line } } },
    grid: { line: { stroke: ink.grid } },
    legends: { text: { fill: text } },
    labels: { text: { fill: ink.strong } },
    tooltip: { container: { background: ink.paper, color: ink.strong, fontSize: 12 } },
  };
}

/** A chart card: its title, then its plots or the empty text. */
function ChartCard({ title, empty, emptyText, children }: { title: string; empty: boolean; emptyText: string; children: ReactNode }) {
  return (
    <Card padding="md" component="section" aria-label={title}>
      <Text fw={700} mb="sm">
        {title}
      </Text>
      {empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center">
          {emptyText}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

/** One drawing, named for screen readers. Charts are drawn left to right in both languages. */
function Plot({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box h={CHART_HEIGHT} dir="ltr" role="img" aria-label={label} data-testid={`chart-${label}`}>
      {children}
    </Box>
  );
}

/** Whole-number ticks from 0 for a count axis (deals): at most five steps, never 0.5 of a deal. */
export function countTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const step = Math.ceil(top / 5);
  const ticks: number[] = [];
  for (let v = 0; v < top + step; v += step) ticks.push(v);
  return ticks;
}

export function PipelineChart({ data }: { data: ReportData['pipeline'] }) {
  const { t } = useTranslation('reports');
  const theme = useChartTheme();
  const rows = data.map((p) => ({ status: t(PIPELINE_STATUS_KEYS[p.status]), count: p.count }));
  return (
    <ChartCard title={t('charts.pipeline')} empty={rows.length === 0} emptyText={t('empty.pipeline')}>
      <Plot label={t('charts.pipeline')}>
        <ResponsiveBar
          data={rows}
          keys={['count']}
          indexBy="status"
          margin={{ top: 10, right: 10, bottom: 40, left: 50 }}
          padding={0.3}
          colors={[...CHART_PALETTE]}
          colorBy="indexValue"
          theme={theme}
          valueFormat={(v) => formatNumber(v)}
          axisLeft={{ format: (v: number) => formatNumber(v) }}
          animate={false}
        />
      </Plot>
    </ChartCard>
  );
}

/**
 * Revenue Over Time: the revenue and deals series by month. Each has its own chart
 * and axis: on one axis a month's handful of deals lies flat at 0 under revenue in the hundreds of
 * thousands.
 */
export function RevenueChart({ data }: { data: ReportData['monthlyRevenue'] }) {
  const { t } = useTranslation('reports');
  const theme = useChartTheme();
  const years = new Set(data.map((m) => m._id.year));
  const label = (m: (typeof data)[number]) =>
    years.size > 1 ? t('charts.monthOfYear', { n: m._id.month, year: formatNumber(m._id.year, { useGrouping: false }) }) : t('charts.month', { n: m._id.month });
  const revenue = [{ id: t('charts.revenue'), data: data.map((m) => ({ x: label(m), y: m.revenue })) }];
  const deals = [{ id: t('charts.deals'), data: data.map((m) => ({ x: label(m), y: m.deals })) }];
  const dealTicks = countTicks(Math.max(0, ...data.map((m) => m.deals)));
  const margin = { top: 10, right: 20, bottom: 40, left: 80 };
  const axisBottom = { legendOffset: 36 };
  return (
    <ChartCard title={t('charts.revenueOverTime')} empty={data.length === 0} emptyText={t('empty.monthly')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Plot label={t('charts.revenuePlot')}>
          <ResponsiveLine
            data={revenue}
            margin={margin}
            colors={[CHART_PALETTE[0]]}
            theme={theme}
            pointSize={8}
            useMesh
            yScale={{ type: 'linear', min: 0, max: 'auto' }}
            yFormat={(v) => formatMoney(Number(v))}
            axisBottom={axisBottom}
            axisLeft={{ format: (v: number) => formatNumber(v, { notation: 'compact' }), legend: t('charts.revenueAxis'), legendPosition: 'middle', legendOffset: -64 }}
            animate={false}
          />
        </Plot>
        <Plot label={t('charts.dealsPlot')}>
          <ResponsiveLine
            data={deals}
            margin={margin}
            colors={[CHART_PALETTE[1]]}
            theme={theme}
            pointSize={8}
            useMesh
            yScale={{ type: 'linear', min: 0, max: dealTicks[dealTicks.length - 1] }}
            yFormat={(v) => formatNumber(Number(v))}
            axisBottom={axisBottom}
            axisLeft={{ tickValues: dealTicks, format: (v: number) => formatNumber(v), legend: t('charts.dealsAxis'), legendPosition: 'middle', legendOffset: -64 }}
            gridYValues={dealTicks}
            animate={false}
          />
        </Plot>
      </SimpleGrid>
    </ChartCard>
  );
}

export function ExpensesChart({ data }: { data: ReportData['expensePerformance'] }) {
  const { t } = useTranslation('reports');
  const theme = useChartTheme();
  const rows = data.map((e, i) => ({ id: e.category ?? t('charts.uncategorized'), label: e.category ?? t('charts.uncategorized'), value: e.totalAmount, key: i }));
  return (
    <ChartCard title={t('charts.expenses')} empty={rows.length === 0} emptyText={t('empty.expenses')}>
      <Plot label={t('charts.expenses')}>
        <ResponsivePie
          data={rows}
          margin={PIE_MARGIN}
          colors={[...CHART_PALETTE]}
          theme={theme}
          innerRadius={0}
          padAngle={0.7}
          cornerRadius={3}
          valueFormat={(v) => formatMoney(v)}
          arcLinkLabelsTextColor={theme.text.fill}
          arcLinkLabelsColor={{ from: 'color' }}
          enableArcLabels={false}
          animate={false}
        />
      </Plot>
    </ChartCard>
  );
}
