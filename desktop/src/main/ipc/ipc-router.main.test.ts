import { bridgeOk, IPC_CHANNELS, notificationRequestSchema } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { fakeIpcMain, fakeWindow, ipcEvent, silentLog } from '../test/fakes';
import { createIpcRouter, FORBIDDEN } from './ipc-router.main';
import { createTrustedSenderCheck } from './trusted-sender.main';

function setUp() {
  const window = fakeWindow(1);
  const { ipcMain, invoke } = fakeIpcMain();
  const router = createIpcRouter({ ipcMain, isTrustedSender: createTrustedSenderCheck(() => window), log: silentLog });
  const handler = vi.fn(() => bridgeOk('done'));
  router.handle(IPC_CHANNELS.showNotification, notificationRequestSchema, handler);
  return { invoke, handler, window };
}

describe('IPC sender check', () => {
  const payload = { title: 'Hi', body: '' };

  it("answers the app window's own page", async () => {
    const { invoke, handler } = setUp();
    expect(await invoke(IPC_CHANNELS.showNotification, ipcEvent(), payload)).toEqual({ ok: true, value: 'done' });
    expect(handler).toHaveBeenCalledOnce();
  });

  it.each([
    ['another web contents', ipcEvent({ senderId: 2 })],
    ['a page of another origin', ipcEvent({ url: 'https://evil.example/' })],
    ['a local file', ipcEvent({ url: 'file:///tmp/x.html' })],
    ['an iframe inside the app', ipcEvent({ parent: { url: 'app://crm/' } })],
  ])('refuses %s and never runs the handler', async (_case, event) => {
    const { invoke, handler } = setUp();
    expect(await invoke(IPC_CHANNELS.showNotification, event, payload)).toEqual({ ok: false, error: FORBIDDEN });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses everyone once the window is gone', async () => {
    const { invoke, handler, window } = setUp();
    window.isDestroyed.mockReturnValue(true);
    expect(await invoke(IPC_CHANNELS.showNotification, ipcEvent(), payload)).toEqual({ ok: false, error: FORBIDDEN });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses an invalid payload with the validation message', async () => {
    const { invoke, handler } = setUp();
    const result = (await invoke(IPC_CHANNELS.showNotification, ipcEvent(), { title: '' })) as { ok: boolean };
    expect(result.ok).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a thrown error into an error result', async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    const router = createIpcRouter({ ipcMain, isTrustedSender: () => true, log: silentLog });
    router.handle(IPC_CHANNELS.getSettings, null, () => {
      throw new Error('disk full');
    });
    expect(await invoke(IPC_CHANNELS.getSettings, ipcEvent())).toEqual({ ok: false, error: 'Unexpected error occurred' });
  });
});
