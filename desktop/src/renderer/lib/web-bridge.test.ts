import { describe, expect, it, vi } from 'vitest';
import { createWebBridge } from './web-bridge';

describe('web bridge', () => {
  it('keeps the token in localStorage', async () => {
    const bridge = createWebBridge(window);
    await bridge.setAuthToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(await bridge.getAuthToken()).toEqual({ ok: true, value: 'abc' });
    expect(bridge.hasAuthToken?.()).toBe(true);
    await bridge.setAuthToken(null);
    expect(await bridge.getAuthToken()).toEqual({ ok: true, value: null });
    expect(bridge.hasAuthToken?.()).toBe(false);
  });

  it('saves a file through a download link with the suggested name', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Report_2026-11-22.xlsx');
      expect(this.href).toBe('blob:report');
    });
    const result = await createWebBridge(window).saveFile({ defaultName: 'Report_2026-11-22.xlsx', data: new Uint8Array([1, 2]) });
    expect(result).toEqual({ ok: true, value: { saved: true, path: 'Report_2026-11-22.xlsx' } });
    expect(click).toHaveBeenCalledOnce();
  });

  it('refuses a file name that is a path', async () => {
    const result = await createWebBridge(window).saveFile({ defaultName: '../evil.sh', data: new Uint8Array([1]) });
    expect(result.ok).toBe(false);
  });

  it('shows a browser notification whose click focuses the window and emits the route', async () => {
    const created: { title: string; onclick: (() => void) | null; close: () => void }[] = [];
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = vi.fn();
      onclick: (() => void) | null = null;
      close = vi.fn();
      constructor(readonly title: string) {
        created.push(this);
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    const bridge = createWebBridge(window);
    const clicks: string[] = [];
    bridge.onNotificationClick(({ route }) => clicks.push(route));

    expect(await bridge.showNotification({ title: 'Mona', body: 'Hi', route: '/whatsapp?contactId=1' })).toEqual({ ok: true, value: null });
    created[0]!.onclick!();
    expect(focus).toHaveBeenCalled();
    expect(clicks).toEqual(['/whatsapp?contactId=1']);
    vi.unstubAllGlobals();
  });

  it('reports the page origin as the server and refuses to point elsewhere', async () => {
    const bridge = createWebBridge(window);
    const settings = await bridge.getSettings();
    expect(settings.ok && settings.value.serverUrl).toBe(window.location.origin);
    expect((await bridge.updateSettings({ serverUrl: 'https://elsewhere.example' })).ok).toBe(false);
    expect((await bridge.updateSettings({ theme: 'dark' })).ok).toBe(true);
  });

  it('opens only http(s) links externally', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const bridge = createWebBridge(window);
    expect((await bridge.openExternal('javascript:alert(1)')).ok).toBe(false);
    expect((await bridge.openExternal('https://wa.me/201000000000')).ok).toBe(true);
    expect(open).toHaveBeenCalledWith('https://wa.me/201000000000', '_blank', 'noopener,noreferrer');
  });
});
