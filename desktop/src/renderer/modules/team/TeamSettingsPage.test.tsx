import { act, screen, waitFor } from '@testing-library/react';
import { LANGUAGES } from '@crm/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { catalogueText, inLanguage } from '../../test/catalogue';
import { fakeCrmApi, type CrmHandler } from '../../test/fake-crm-api';

const current = { leadDistributionStrategy: 'round-robin', skipOfflineReps: false, repsMayHandOver: false };

async function openSettings(handlers: Record<string, CrmHandler> = {}, user = adminUser) {
  const api = fakeCrmApi(user, {
    'GET /api/auth/tenant/settings': () => ok({ settings: current }),
    'GET /api/deals/settings': () => ok({ staleDays: {}, lostReasons: [] }),
    ...handlers,
  });
  const view = renderApp('/team/settings');
  await screen.findByRole('heading', { name: 'Team Settings', level: 1 });
  return { ...view, ...api };
}

afterEach(() => vi.useRealTimers());

describe('Team Settings', { timeout: 20_000 }, () => {
  it("saves manual distribution and shows 'Settings saved successfully!' for 3 seconds", async () => {
    const { user, to } = await openSettings({
      'PUT /api/auth/tenant/settings': (r) => ok({ settings: { skipOfflineReps: false, repsMayHandOver: false, ...(r.body as object) } }),
    });
    expect(await screen.findByRole('radio', { name: /Round-robin/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Manual/ }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(to('PUT', '/api/auth/tenant/settings')[0].body).toEqual({ leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: false });
    act(() => void vi.advanceTimersByTime(3_100));
    await waitFor(() => expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument());
  });

  it('turns on skipping offline reps for round-robin', async () => {
    const { user, to } = await openSettings({ 'PUT /api/auth/tenant/settings': (r) => ok({ settings: r.body }) });
    await user.click(await screen.findByRole('switch', { name: /Skip sales users who are offline/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Settings saved successfully!');
    expect(to('PUT', '/api/auth/tenant/settings')[0].body).toEqual({ leadDistributionStrategy: 'round-robin', skipOfflineReps: true, repsMayHandOver: false });
  });

  it('lets reps hand over their chats', async () => {
    const { user, to } = await openSettings({ 'PUT /api/auth/tenant/settings': (r) => ok({ settings: r.body }) });
    const allow = await screen.findByRole('switch', { name: /Reps may hand over their chats/ });
    expect(allow).not.toBeChecked();
    await user.click(allow);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Settings saved successfully!');
    expect(to('PUT', '/api/auth/tenant/settings')[0].body).toEqual({ leadDistributionStrategy: 'round-robin', skipOfflineReps: false, repsMayHandOver: true });
    expect(screen.getByRole('switch', { name: /Reps may hand over their chats/ })).toBeChecked();
  });

  it("shows 'Could not load current team settings.' with Retry and no form to save made-up settings over the real ones", async () => {
    let answer = () => new Response('x', { status: 502 });
    const { user, to } = await openSettings({ 'GET /api/auth/tenant/settings': () => answer() });
    expect(await screen.findByText('Could not load current team settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Round-robin/ })).not.toBeInTheDocument();
    answer = () => ok({ settings: { leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: true } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /Manual/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Reps may hand over their chats/ })).toBeChecked();
    expect(screen.queryByText('Could not load current team settings.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    expect(to('GET', '/api/auth/tenant/settings')).toHaveLength(2);
    expect(to('PUT', '/api/auth/tenant/settings')).toHaveLength(0);
  });

  it("shows 'Failed to save settings.'", async () => {
    const { user } = await openSettings({ 'PUT /api/auth/tenant/settings': () => new Response('x', { status: 502 }) });
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save settings.')).toBeInTheDocument();
  });

  it("shows the server's error text when it gives one", async () => {
    const { user } = await openSettings({ 'PUT /api/auth/tenant/settings': () => fail(400, 'leadDistributionStrategy must be round-robin or manual') });
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('leadDistributionStrategy must be round-robin or manual')).toBeInTheDocument();
  });

  // One run per language (the Arabic copy only repeated it): texts from each catalogue.
  it.for(LANGUAGES)('shows the saved strategy and hand-over switch, and saves another strategy (%s)', async (language) => {
    const text = (key: string) => catalogueText(language, `teamSettings:${key}`);
    fakeCrmApi(inLanguage(adminUser, language), {
      'GET /api/auth/tenant/settings': () => ok({ settings: { leadDistributionStrategy: 'manual', skipOfflineReps: false, repsMayHandOver: true } }),
      'PUT /api/auth/tenant/settings': (r) => ok({ settings: r.body }),
    });
    const { user } = renderApp('/team/settings');
    await screen.findByRole('heading', { name: text('title'), level: 1 });
    expect(document.documentElement).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    expect(await screen.findByRole('radio', { name: new RegExp(text('strategy.manual')) })).toBeChecked();
    expect(screen.getByRole('switch', { name: new RegExp(text('handOver.label')) })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: new RegExp(text('strategy.roundRobin')) }));
    await user.click(screen.getByRole('button', { name: text('save') }));
    expect(await screen.findByText(text('saved'))).toBeInTheDocument();
  });
});
