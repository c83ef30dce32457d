import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';
import { reportData } from '../reports/testing/report-data';

const items = [
  { labelId: '0190a0b0-0000-7000-8000-00000000a001', name: 'VIP', colour: '#e03131', leads: 40, won: 6, wonAmount: 12500.5 },
  { labelId: '0190a0b0-0000-7000-8000-00000000a002', name: 'Wholesale', colour: '#1971c2', leads: 3, won: 0, wonAmount: 0 },
];

describe('Reports → By label', { timeout: 20_000 }, () => {
  it('shows the contacts and won deals per label, asked with the page’s filters', async () => {
    const { requests } = fakeCrmApi(adminUser, {
      'GET /api/reports/detailed': () => ok(reportData),
      'GET /api/reports/labels': () => ok({ items }),
      'GET /api/labels': () => ok({ items: [], total: 0 }),
    });
    renderApp('/reports');
    const section = await screen.findByRole('region', { name: 'By label' });
    const table = await within(section).findByRole('table', { name: 'Leads and won deals by label' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Label', 'Contacts', 'Won deals', 'Won amount']);
    const vip = within(table).getByText('VIP').closest('tr')!;
    expect(
      within(vip)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['VIP', '40', '6', expect.stringMatching(/EGP\s12,500\.5/)]);
    await waitFor(() => expect(requests.find((r) => r.path === '/api/reports/labels')!.query.get('tz')).toBeTruthy());
  });

  it('says so when no contact carries a label in the period', async () => {
    fakeCrmApi(adminUser, { 'GET /api/reports/detailed': () => ok(reportData), 'GET /api/reports/labels': () => ok({ items: [] }) });
    renderApp('/reports');
    const section = await screen.findByRole('region', { name: 'By label' });
    expect(await within(section).findByText('No labelled contacts in this period.')).toBeInTheDocument();
  });
});
