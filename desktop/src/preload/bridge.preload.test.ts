import { IPC_CHANNELS } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { createDesktopBridge } from './bridge.preload';

function fakeIpcRenderer() {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  return {
    invoke: vi.fn(async (_channel: string, _payload?: unknown): Promise<unknown> => ({ ok: true, value: 'answer' })),
    on: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener);
    }),
    emit: (channel: string, payload: unknown) => listeners.get(channel)?.forEach((listener) => listener({ sender: 'secret' }, payload)),
  };
}

describe('preload bridge', () => {
  it('maps each call to its IPC channel', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = createDesktopBridge(ipc);
    expect(bridge.kind).toBe('desktop');
    await bridge.saveFile({ defaultName: 'a.xlsx', data: new Uint8Array([1]) });
    await bridge.updateSettings({ theme: 'dark' });
    await bridge.setAuthToken(null);
    await bridge.setLanguage('ar');
    expect(ipc.invoke.mock.calls.map(([channel]) => channel)).toEqual([IPC_CHANNELS.saveFile, IPC_CHANNELS.updateSettings, IPC_CHANNELS.setAuthToken, IPC_CHANNELS.setLanguage]);
    expect(ipc.invoke).toHaveBeenCalledWith(IPC_CHANNELS.setLanguage, 'ar');
    expect(ipc.invoke).toHaveBeenCalledWith(IPC_CHANNELS.updateSettings, { theme: 'dark' });
  });

  it('turns an IPC failure into an error result instead of a rejection', async () => {
    const ipc = fakeIpcRenderer();
    ipc.invoke.mockRejectedValueOnce(new Error('No handler registered'));
    expect(await createDesktopBridge(ipc).getSettings()).toEqual({ ok: false, error: 'The desktop app did not answer' });
  });

  it('hands notification clicks to the page without the IPC event, and can unsubscribe', () => {
    const ipc = fakeIpcRenderer();
    const bridge = createDesktopBridge(ipc);
    const listener = vi.fn();
    const unsubscribe = bridge.onNotificationClick(listener);
    ipc.emit(IPC_CHANNELS.notificationClickedEvent, { route: '/whatsapp?contactId=1' });
    ipc.emit(IPC_CHANNELS.notificationClickedEvent, { route: '//evil.example' });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ route: '/whatsapp?contactId=1' });
    unsubscribe();
    ipc.emit(IPC_CHANNELS.notificationClickedEvent, { route: '/leads' });
    expect(listener).toHaveBeenCalledOnce();
  });
});
