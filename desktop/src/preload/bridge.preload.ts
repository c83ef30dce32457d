import { bridgeError, IPC_CHANNELS, type BridgeResult, type DesktopBridge, type IpcChannel, type NotificationClick } from '@crm/common';

/** The part of ipcRenderer the bridge uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The object the preload exposes as `window.desktop`. It forwards each call to one IPC channel
 * and never hands the page the IPC event or ipcRenderer itself.
 */
export function createDesktopBridge(ipc: IpcRendererLike): DesktopBridge {
  const call = async <T>(channel: IpcChannel, payload?: unknown): Promise<BridgeResult<T>> => {
    try {
      return (await ipc.invoke(channel, payload)) as BridgeResult<T>;
    } catch {
      return bridgeError('The desktop app did not answer');
    }
  };

  return {
    kind: 'desktop',
    showNotification: (request) => call(IPC_CHANNELS.showNotification, request),
    onNotificationClick(listener) {
      const handler = (_event: unknown, payload: unknown) => {
        const route = (payload as Partial<NotificationClick> | null)?.route;
        if (typeof route === 'string' && route.startsWith('/') && !route.startsWith('//')) listener({ route });
      };
      ipc.on(IPC_CHANNELS.notificationClickedEvent, handler);
      return () => {
        ipc.removeListener(IPC_CHANNELS.notificationClickedEvent, handler);
      };
    },
    saveFile: (request) => call(IPC_CHANNELS.saveFile, request),
    getSettings: () => call(IPC_CHANNELS.getSettings),
    updateSettings: (patch) => call(IPC_CHANNELS.updateSettings, patch),
    getAuthToken: () => call(IPC_CHANNELS.getAuthToken),
    setAuthToken: (token) => call(IPC_CHANNELS.setAuthToken, token),
    requestMicrophoneAccess: () => call(IPC_CHANNELS.requestMicrophoneAccess),
    openExternal: (url) => call(IPC_CHANNELS.openExternal, url),
    setLanguage: (language) => call(IPC_CHANNELS.setLanguage, language),
  };
}
