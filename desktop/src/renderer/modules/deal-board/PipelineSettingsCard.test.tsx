import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { fakeCrmApi } from '../../test/fake-crm-api';

describe('Settings → Pipeline', { timeout: 15_000 }, () => {
  it('saves the stale days per status (blank = never) and the lost reasons', async () => {
    const { to } = fakeCrmApi(adminUser, {
      'GET /api/auth/tenant/settings': () => ok({ settings: { leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: false } }),
      'GET /api/deals/settings': () => ok({ staleDays: { new: 3, won: 10 }, lostReasons: ['Too expensive'] }),
      'PUT /api/deals/settings': (request) => ok(request.body),
    });
    const { user } = renderApp('/team/settings');
    const card = await screen.findByRole('region', { name: 'Pipeline' });
    const days = (status: string) => within(card).getByRole('textbox', { name: status });
    await waitFor(() => expect(days('New')).toHaveValue('3'));
    await user.type(days('Contacted'), '5');
    await user.clear(days('Won'));
    await user.type(within(card).getByRole('combobox', { name: /Lost reasons/ }), 'No answer{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save pipeline settings' }));
    expect(await within(card).findByText('Pipeline settings saved.')).toBeInTheDocument();
    expect(to('PUT', '/api/deals/settings')[0].body).toEqual({ staleDays: { new: 3, contacted: 5, won: null }, lostReasons: ['Too expensive', 'No answer'] });
  });

  it('shows the load failure with Retry and no form, so empty settings cannot be saved over the real ones; Retry shows them', async () => {
    let answer = () => fail(500, 'Pipeline settings are unavailable');
    const { to } = fakeCrmApi(adminUser, {
      'GET /api/auth/tenant/settings': () => ok({ settings: { leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: false } }),
      'GET /api/deals/settings': () => answer(),
    });
    const { user } = renderApp('/team/settings');
    const card = await screen.findByRole('region', { name: 'Pipeline' });
    expect(await within(card).findByText('Pipeline settings are unavailable')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save pipeline settings' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'New' })).not.toBeInTheDocument();
    answer = () => ok({ staleDays: { new: 3 }, lostReasons: ['Too expensive'] });
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(card).getByRole('textbox', { name: 'New' })).toHaveValue('3'));
    expect(within(card).getByText('Too expensive')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save pipeline settings' })).toBeEnabled();
    expect(within(card).queryByText('Pipeline settings are unavailable')).not.toBeInTheDocument();
    expect(to('PUT', '/api/deals/settings')).toHaveLength(0);
  });
});
