import { bridgeError, bridgeOk, COLOR_SCHEMES, DEFAULT_COLOR_SCHEME, type ColorScheme, type DesktopBridge, type DesktopSettings, type NotificationClick } from '@crm/common';
import { STORAGE_KEYS } from './storage-keys';

/** Fetched when a payload is first checked (see bridge-schemas.ts). */
const schemas = () => import('./bridge-schemas');

/**
 * The browser implementation of the desktop bridge: the same contract as Electron's preload,
 * built on the Notification API, a download link and getUserMedia.
 */
export function createWebBridge(win: Window = window): DesktopBridge {
  const storage = win.localStorage;
  const clickListeners = new Set<(click: NotificationClick) => void>();

  const readTheme = (): ColorScheme => {
    const stored = storage.getItem(STORAGE_KEYS.colorScheme);
    return (COLOR_SCHEMES as readonly string[]).includes(stored ?? '') ? (stored as ColorScheme) : DEFAULT_COLOR_SCHEME;
  };
  const readSettings = (): DesktopSettings => ({
    // In a browser the server is the site that served this page.
    serverUrl: win.location.origin,
    theme: readTheme(),
    windowBounds: null,
  });

  return {
    kind: 'web',

    async showNotification(request) {
      const parsed = (await schemas()).notificationRequestSchema.safeParse(request);
      if (!parsed.success) return bridgeError('Invalid notification');
      const NotificationApi = (win as Window & { Notification?: typeof Notification }).Notification;
      if (!NotificationApi) return bridgeError('Notifications are not supported in this browser');
      let permission = NotificationApi.permission;
      if (permission === 'default') permission = await NotificationApi.requestPermission();
      if (permission !== 'granted') return bridgeError('Notifications are blocked');
      const { title, body, route, silent } = parsed.data;
      const notification = new NotificationApi(title, { body, silent });
      notification.onclick = () => {
        win.focus();
        if (route) clickListeners.forEach((listener) => listener({ route }));
        notification.close();
      };
      return bridgeOk(null);
    },

    onNotificationClick(listener) {
      clickListeners.add(listener);
      return () => clickListeners.delete(listener);
    },

    async saveFile(request) {
      const parsed = (await schemas()).saveFileRequestSchema.safeParse(request);
      if (!parsed.success) return bridgeError(parsed.error.issues[0]?.message ?? 'Invalid file');
      const { data, defaultName } = parsed.data;
      // The browser decides the folder (or asks); we can only offer the name.
      const url = URL.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>]));
      const link = win.document.createElement('a');
      link.href = url;
      link.download = defaultName;
      link.rel = 'noopener';
      link.style.display = 'none';
      win.document.body.append(link);
      link.click();
      link.remove();
      // Revoking at once can abort the download in some browsers.
      win.setTimeout(() => URL.revokeObjectURL(url), 30_000);
      return bridgeOk({ saved: true, path: defaultName });
    },

    async getSettings() {
      return bridgeOk(readSettings());
    },

    async updateSettings(patch) {
      const parsed = (await schemas()).desktopSettingsPatchSchema.safeParse(patch);
      if (!parsed.success) return bridgeError(parsed.error.issues[0]?.message ?? 'Invalid settings');
      if (parsed.data.serverUrl !== undefined && parsed.data.serverUrl !== win.location.origin) {
        return bridgeError('In a browser the server is the address you opened.');
      }
      if (parsed.data.theme) storage.setItem(STORAGE_KEYS.colorScheme, parsed.data.theme);
      return bridgeOk(readSettings());
    },

    async getAuthToken() {
      return bridgeOk(storage.getItem(STORAGE_KEYS.authToken));
    },

    hasAuthToken() {
      return storage.getItem(STORAGE_KEYS.authToken) !== null;
    },

    async setAuthToken(token) {
      if (token) storage.setItem(STORAGE_KEYS.authToken, token);
      else storage.removeItem(STORAGE_KEYS.authToken);
      return bridgeOk(null);
    },

    async requestMicrophoneAccess() {
      const media = win.navigator.mediaDevices;
      if (!media?.getUserMedia) return bridgeError('Could not access microphone.');
      try {
        const stream = await media.getUserMedia({ audio: true });
        // Only the permission is wanted here; the recorder opens its own stream.
        stream.getTracks().forEach((track) => track.stop());
        return bridgeOk(true);
      } catch (error) {
        if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError')) {
          return bridgeOk(false);
        }
        return bridgeError('Could not access microphone.');
      }
    },

    async openExternal(url) {
      const parsed = (await schemas()).externalUrlSchema.safeParse(url);
      if (!parsed.success) return bridgeError('Only http(s) links can be opened');
      win.open(parsed.data, '_blank', 'noopener,noreferrer');
      return bridgeOk(null);
    },

    // A browser has no process of its own to translate: the page already writes every text.
    async setLanguage() {
      return bridgeOk(null);
    },
  };
}
