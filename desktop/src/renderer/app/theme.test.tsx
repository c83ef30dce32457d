import { screen } from '@testing-library/react';
import type { DesktopBridge } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, fakeApi, healthHandler, ok } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { createColorSchemeManager } from './color-scheme';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

async function openSignedIn() {
  localStorage.setItem('token', 'token');
  fakeApi({ 'GET /api/auth/me': () => ok(adminUser), 'GET /api/health': healthHandler(false) });
  const view = renderApp('/');
  await screen.findByRole('heading', { name: 'Dashboard' });
  return view;
}

describe('theme', () => {
  it('starts light, switches to dark, and keeps dark after a reload', async () => {
    const first = await openSignedIn();
    expect(scheme()).toBe('light');

    await first.user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(scheme()).toBe('dark');
    expect(localStorage.getItem('crm-color-scheme')).toBe('dark');
    first.unmount();

    // The token survives the reload the same way the theme does.
    localStorage.setItem('token', 'token');
    const second = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(scheme()).toBe('dark');
    await second.user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(scheme()).toBe('light');
    expect(localStorage.getItem('crm-color-scheme')).toBe('light');
  });

  it('also offers the toggle in the super area', async () => {
    localStorage.setItem('superToken', 'super-token');
    fakeApi({ 'GET /api/health': healthHandler(false) });
    renderApp('/super/dashboard');
    expect(await screen.findByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('on the desktop, also writes the choice to the app settings', () => {
    const updateSettings = vi.fn().mockResolvedValue({ ok: true, value: {} });
    const manager = createColorSchemeManager({ kind: 'desktop', updateSettings } as unknown as DesktopBridge);
    manager.set('dark');
    expect(updateSettings).toHaveBeenCalledWith({ theme: 'dark' });
    expect(manager.get('light')).toBe('dark');
  });

  it('in a browser, keeps the choice in localStorage only', () => {
    const updateSettings = vi.fn();
    const manager = createColorSchemeManager({ kind: 'web', updateSettings } as unknown as DesktopBridge);
    expect(manager.get('light')).toBe('light');
    manager.set('dark');
    expect(updateSettings).not.toHaveBeenCalled();
    expect(localStorage.getItem('crm-color-scheme')).toBe('dark');
  });
});
