import type { IpcMainInvokeEvent } from 'electron';
import { vi } from 'vitest';
import type { IpcMainLike } from '../ipc/ipc-router.main';
import type { KeyValueStore } from '../settings.main';

/** ipcMain stand-in: keeps the registered handlers so a test can invoke a channel as some sender. */
export function fakeIpcMain() {
  const handlers = new Map<string, (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => {
      handlers.set(channel, listener);
    },
  };
  const invoke = async (channel: string, event: IpcMainInvokeEvent, payload?: unknown) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`No handler for ${channel}`);
    return handler(event, payload);
  };
  return { ipcMain, handlers, invoke };
}

/** An IPC event as Electron builds it: which web contents and which frame sent it. */
export function ipcEvent({ senderId = 1, url = 'app://crm/', parent = null as unknown }: { senderId?: number; url?: string; parent?: unknown } = {}) {
  return { sender: { id: senderId }, senderFrame: { url, parent } } as unknown as IpcMainInvokeEvent;
}

export function fakeWindow(id = 1) {
  return {
    webContents: { id, send: vi.fn() },
    isDestroyed: vi.fn(() => false),
    isMinimized: vi.fn(() => true),
    restore: vi.fn(),
    show: vi.fn(),
    focus: vi.fn(),
  };
}

export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => {
      data.set(key, value);
    },
    delete: (key) => {
      data.delete(key);
    },
  };
}

export const silentLog = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
