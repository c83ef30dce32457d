import { render, screen, within } from '@testing-library/react';
import type { ReportData } from '@crm/common';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { countTicks, RevenueChart } from './charts';
import { reportData } from './testing/report-data';

// jsdom has no layout, so nivo's responsive wrapper measures 0 × 0 and draws nothing: these tests
// draw the same chart at a fixed size instead, to read its axes and lines.
vi.mock('@nivo/line', async (importOriginal) => {
  const nivo = await importOriginal<typeof import('@nivo/line')>();
  return {
    ...nivo,
    ResponsiveLine: (props: Omit<ComponentProps<typeof nivo.Line>, 'width' | 'height'>) => <nivo.Line {...props} width={600} height={300} />,
  };
});

const PLOT_HEIGHT = 300 - 10 - 40; // the chart's height less its top and bottom margins

/** The tick labels of a drawn chart's left axis, bottom to top. */
function leftTicks(plot: HTMLElement): string[] {
  const texts = [...plot.querySelectorAll('svg g[transform] > text')] as SVGTextElement[];
  return texts.filter((text) => text.getAttribute('dominant-baseline') === 'central' && text.getAttribute('text-anchor') === 'end').map((text) => text.textContent ?? '');
}

/** The y of each point of the chart's lines (paths with no fill), one list per line. */
function lineYs(plot: HTMLElement): number[][] {
  return [...plot.querySelectorAll('svg path[fill="none"]')].map((path) => [...(path.getAttribute('d') ?? '').matchAll(/[ML]\s*(-?[\d.]+)[,\s]+(-?[\d.]+)/g)].map((m) => Number(m[2])));
}

describe('Revenue Over Time', () => {
  it('draws the deals series on its own chart and axis, not flat at 0 under the revenue', () => {
    render(
      <AppProviders env="test">
        <RevenueChart data={reportData.monthlyRevenue as ReportData['monthlyRevenue']} />
      </AppProviders>,
    );
    const section = screen.getByRole('region', { name: 'Revenue Over Time' });
    const revenue = within(section).getByRole('img', { name: 'Revenue by month' });
    const deals = within(section).getByRole('img', { name: 'Deals by month' });

    // each chart names its axis, and the deals axis counts whole deals up to the busiest month's 10
    expect(within(revenue).getByText('Revenue (EGP)')).toBeInTheDocument();
    expect(within(deals).getByText('Deals')).toBeInTheDocument();
    expect(leftTicks(deals)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(leftTicks(revenue).at(-1)).toMatch(/K$/);

    // one line each; 10 deals reach the top of the deals chart, 2 deals a fifth of the way up
    const [dealsLine, ...otherDeals] = lineYs(deals);
    expect(otherDeals).toEqual([]);
    expect(dealsLine).toHaveLength(2);
    expect(dealsLine[1]).toBeCloseTo(0, 0);
    expect(dealsLine[0]).toBeCloseTo(PLOT_HEIGHT * (1 - 2 / 10), 0);
    const [revenueLine, ...otherRevenue] = lineYs(revenue);
    expect(otherRevenue).toEqual([]);
    expect(revenueLine).toHaveLength(2);
    // months of two years are labelled with the year as a year, not a number (2026, not 2,026)
    expect(within(deals).getByText('M1 2026')).toBeInTheDocument();
  });

  it('counts deals in whole steps from 0', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(12)).toEqual([0, 3, 6, 9, 12]);
  });
});
