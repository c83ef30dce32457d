import { IPC_CHANNELS } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { fakeIpcMain, fakeWindow, ipcEvent, silentLog } from '../test/fakes';
import { createIpcRouter } from './ipc-router.main';
import { registerNotificationIpc } from './notifications.main';

function setUp({ supported = true } = {}) {
  const created: FakeNotification[] = [];
  class FakeNotification {
    static isSupported = () => supported;
    listeners = new Map<string, () => void>();
    show = vi.fn();
    constructor(readonly options: { title: string; body: string }) {
      created.push(this);
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener);
    }
  }
  const window = fakeWindow();
  const { ipcMain, invoke } = fakeIpcMain();
  const router = createIpcRouter({ ipcMain, isTrustedSender: () => true, log: silentLog });
  registerNotificationIpc(router, { Notification: FakeNotification as never, getWindow: () => window as never });
  const notify = (payload: unknown) => invoke(IPC_CHANNELS.showNotification, ipcEvent(), payload);
  return { created, window, notify };
}

describe('native notifications', () => {
  it('shows the notification, and a click restores and focuses the window and opens the chat', async () => {
    const { created, window, notify } = setUp();
    expect(await notify({ title: 'Mona', body: 'Is it in stock?', route: '/whatsapp?contactId=c1' })).toEqual({ ok: true, value: null });
    expect(created[0]!.options).toMatchObject({ title: 'Mona', body: 'Is it in stock?' });
    expect(created[0]!.show).toHaveBeenCalled();
    expect(window.focus).not.toHaveBeenCalled();

    created[0]!.listeners.get('click')!();
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.webContents.send).toHaveBeenCalledWith(IPC_CHANNELS.notificationClickedEvent, { route: '/whatsapp?contactId=c1' });
  });

  it('refuses a route that leaves the app', async () => {
    const { created, notify } = setUp();
    const result = (await notify({ title: 'x', body: '', route: '//evil.example/' })) as { ok: boolean };
    expect(result.ok).toBe(false);
    expect(created).toHaveLength(0);
  });

  it('says so when the system has no notifications', async () => {
    const { notify } = setUp({ supported: false });
    expect(((await notify({ title: 'x', body: '' })) as { ok: boolean }).ok).toBe(false);
  });
});
