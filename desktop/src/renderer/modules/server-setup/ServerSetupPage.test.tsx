import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_DESKTOP_SETTINGS } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { bridge } from '../../lib/bridge';
import { fakeApi, healthHandler } from '../../test/fake-api';
import { resetDemoModeForTests } from '../auth/demo-credentials';
import { ServerSetupPage } from './ServerSetupPage';

function renderSetup() {
  resetDemoModeForTests();
  const onSaved = vi.fn();
  const updateSettings = vi.spyOn(bridge, 'updateSettings').mockImplementation(async (patch) => ({ ok: true, value: { ...DEFAULT_DESKTOP_SETTINGS, serverUrl: patch.serverUrl ?? null } }));
  render(
    <AppProviders env="test">
      <ServerSetupPage onSaved={onSaved} />
    </AppProviders>,
  );
  return { onSaved, updateSettings, user: userEvent.setup() };
}

describe('first run: server setup', () => {
  it('proposes http://localhost:3000, saves it and continues once the server answers', async () => {
    fakeApi({ 'GET /api/health': healthHandler(false) });
    const { onSaved, updateSettings, user } = renderSetup();
    expect(screen.getByRole('heading', { name: 'Connect to your server' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Server URL/)).toHaveValue('http://localhost:3000');

    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(updateSettings).toHaveBeenCalledWith({ serverUrl: 'http://localhost:3000' });
    expect(onSaved).toHaveBeenCalled();
  });

  it('refuses an address that is not http(s)', async () => {
    const { updateSettings, user } = renderSetup();
    const input = screen.getByLabelText(/Server URL/);
    await user.clear(input);
    await user.type(input, 'crm.local');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Enter a URL that starts with http:// or https://')).toBeInTheDocument();
    expect(updateSettings).not.toHaveBeenCalled();
  });

  it('says when the server cannot be reached, and lets the user continue anyway', async () => {
    fakeApi({ 'GET /api/health': () => new Response('Bad gateway', { status: 502 }) });
    const { onSaved, user } = renderSetup();
    const input = screen.getByLabelText(/Server URL/);
    await user.clear(input);
    await user.type(input, 'https://crm.example.com/');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server at https://crm.example.com.');
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continue anyway' }));
    expect(onSaved).toHaveBeenCalled();
  });

  it('asks before connecting to a plain-http server on another machine, and sends nothing until confirmed', async () => {
    fakeApi({ 'GET /api/health': healthHandler(false) });
    const { onSaved, updateSettings, user } = renderSetup();
    const input = screen.getByLabelText(/Server URL/);
    await user.clear(input);
    await user.type(input, 'http://192.168.1.20:3000');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This connection is not encrypted');
    expect(updateSettings).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Change the address' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await user.click(await screen.findByRole('button', { name: 'Connect without encryption' }));
    expect(updateSettings).toHaveBeenCalledWith({ serverUrl: 'http://192.168.1.20:3000', allowUnencrypted: true });
    expect(onSaved).toHaveBeenCalled();
  });
});
