import { IPC_CHANNELS } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { createSettingsService } from '../settings.main';
import { fakeIpcMain, ipcEvent, memoryStore, silentLog } from '../test/fakes';
import { createIpcRouter } from './ipc-router.main';
import { registerSettingsIpc } from './settings.main';

function setUp(platform: NodeJS.Platform = 'darwin', status = 'not-determined') {
  const { ipcMain, invoke } = fakeIpcMain();
  const router = createIpcRouter({ ipcMain, isTrustedSender: () => true, log: silentLog });
  const tokens = { get: vi.fn(() => 'tok'), set: vi.fn(() => ({ ok: true as const, value: null })) };
  const microphone = { platform, getMediaAccessStatus: vi.fn(() => status), askForMediaAccess: vi.fn(async () => true) };
  const openExternal = vi.fn(async () => {});
  registerSettingsIpc(router, { settings: createSettingsService(memoryStore()), tokens, openExternal, microphone });
  const call = (channel: string, payload?: unknown) => invoke(channel, ipcEvent(), payload);
  return { call, tokens, microphone, openExternal };
}

describe('settings IPC', () => {
  it('reads and updates settings, refusing unknown or invalid fields', async () => {
    const { call } = setUp();
    expect(await call(IPC_CHANNELS.updateSettings, { serverUrl: 'https://crm.example.com/' })).toMatchObject({
      ok: true,
      value: { serverUrl: 'https://crm.example.com' },
    });
    expect(await call(IPC_CHANNELS.updateSettings, { serverUrl: 'http://localhost:3000' })).toMatchObject({ ok: true });
    expect(((await call(IPC_CHANNELS.updateSettings, { serverUrl: 'file:///etc' })) as { ok: boolean }).ok).toBe(false);
    expect(((await call(IPC_CHANNELS.updateSettings, { windowBounds: {} })) as { ok: boolean }).ok).toBe(false);
  });

  it('refuses a plain-http server on another machine unless the user confirmed it', async () => {
    const { call } = setUp();
    const refused = (await call(IPC_CHANNELS.updateSettings, { serverUrl: 'http://192.168.1.20:3000/' })) as { ok: boolean; error?: string };
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/not encrypted/);
    expect(await call(IPC_CHANNELS.getSettings)).toMatchObject({ value: { serverUrl: null } });
    expect(await call(IPC_CHANNELS.updateSettings, { serverUrl: 'http://192.168.1.20:3000/', allowUnencrypted: true })).toMatchObject({
      ok: true,
      value: { serverUrl: 'http://192.168.1.20:3000' },
    });
  });

  it('passes the token to the vault', async () => {
    const { call, tokens } = setUp();
    expect(await call(IPC_CHANNELS.getAuthToken)).toEqual({ ok: true, value: 'tok' });
    await call(IPC_CHANNELS.setAuthToken, 'new');
    expect(tokens.set).toHaveBeenCalledWith('new');
  });

  it('asks macOS for the microphone once, and trusts an earlier grant', async () => {
    const first = setUp('darwin', 'not-determined');
    expect(await first.call(IPC_CHANNELS.requestMicrophoneAccess)).toEqual({ ok: true, value: true });
    expect(first.microphone.askForMediaAccess).toHaveBeenCalledWith('microphone');

    const granted = setUp('darwin', 'granted');
    await granted.call(IPC_CHANNELS.requestMicrophoneAccess);
    expect(granted.microphone.askForMediaAccess).not.toHaveBeenCalled();

    expect(await setUp('win32', 'denied').call(IPC_CHANNELS.requestMicrophoneAccess)).toEqual({ ok: true, value: false });
  });

  it('opens only http(s) links externally', async () => {
    const { call, openExternal } = setUp();
    expect(((await call(IPC_CHANNELS.openExternal, 'file:///etc/passwd')) as { ok: boolean }).ok).toBe(false);
    await call(IPC_CHANNELS.openExternal, 'https://wa.me/201000000000');
    expect(openExternal).toHaveBeenCalledWith('https://wa.me/201000000000');
  });
});
