import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { applyPreferences } from '../../i18n';
import { reportData } from './testing/report-data';

async function openReports(data = reportData) {
  fakeCrmApi(adminUser, { 'GET /api/reports/detailed': () => ok(data) });
  renderApp('/reports');
  return screen.findByRole('region', { name: /^(Lost Reasons|أسباب الخسارة)$/ });
}
const cells = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Detailed Reports: the pipeline', { timeout: 20_000 }, () => {
  it('lists the lost reasons with their deals and amounts, and the average days per stage', async () => {
    const lost = await openReports();
    expect(cells(lost).slice(1)).toEqual([
      ['Too expensive', '3', expect.stringMatching(/EGP\s4,500\.5/)],
      ['No reason given', '1', expect.stringMatching(/EGP\s200/)],
    ]);
    const days = screen.getByRole('region', { name: 'Average Days per Stage' });
    expect(cells(days).slice(1)).toEqual([
      ['new', '2.5 days', '8'],
      ['proposal', '6 days', '3'],
    ]);
  });

  it('says when there is nothing to show', async () => {
    const lost = await openReports({ ...reportData, lostReasons: [], stageDays: [] });
    expect(within(lost).getByText('No lost deals.')).toBeInTheDocument();
    expect(screen.getByText('No pipeline moves yet.')).toBeInTheDocument();
  });

  it('in Arabic', async () => {
    applyPreferences({ language: 'ar', arabicDigits: false });
    const lost = await openReports();
    expect(within(lost).getByText('بدون سبب')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'متوسط الأيام في كل مرحلة' })).toBeInTheDocument();
  });
});
