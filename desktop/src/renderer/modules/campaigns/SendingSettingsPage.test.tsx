import { screen, within } from '@testing-library/react';
import { DEFAULT_ORDER_CONFIRMATION_SETTINGS } from '@crm/common';
import { describe, expect, it } from 'vitest';
import { adminUser, ok } from '../../test/fake-api';
import { fakeCrmApi } from '../../test/fake-crm-api';
import { renderApp } from '../../test/render-app';

const settings = {
  dailyCap: 200,
  minIntervalSeconds: 20,
  maxIntervalSeconds: 60,
  sendingHours: { from: '09:00', to: '21:00' },
  timeZone: 'Africa/Cairo',
  warmUp: { enabled: false, startCap: 20, dailyIncrease: 10, startedOn: null },
  failureThreshold: 5,
  failureWindow: 10,
  optOutKeywords: ['STOP'],
  today: { limit: 200, sent: 3 },
};

describe('Settings → Sending', { timeout: 20_000 }, () => {
  it('Retry after a failed load asks again and shows the form', async () => {
    let answers = 0;
    const { to } = fakeCrmApi(adminUser, {
      'GET /api/settings/sending': () => (++answers === 1 ? new Response('x', { status: 502 }) : ok(settings)),
      'GET /api/settings/order-confirmation': () => ok(DEFAULT_ORDER_CONFIRMATION_SETTINGS),
    });
    const { user } = renderApp('/settings/sending');
    const failed = await screen.findByText('Could not load the sending settings.');
    await user.click(within(failed.closest<HTMLElement>('[role="alert"]')!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Today: 3 of 200 sent')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Daily limit/ })).toHaveValue('200');
    expect(to('GET', '/api/settings/sending')).toHaveLength(2);
    expect(screen.queryByText('Could not load the sending settings.')).not.toBeInTheDocument();
  });
});
