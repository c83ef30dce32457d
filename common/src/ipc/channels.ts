/**
 * The zod-free half of the desktop bridge contract: channel names, the result type and the
 * bridge interface. The sandboxed preload imports only this file, so it stays small; payload
 * schemas live in bridge.ts.
 */
import type { Language } from '../constants.js';
import type { DesktopSettings, DesktopSettingsPatch, NotificationClick, NotificationRequest, SaveFileRequest } from './bridge.js';

/** Every bridge call answers like this (Signal-Desktop style): errors are values, never throws. */
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const bridgeOk = <T>(value: T): BridgeResult<T> => ({ ok: true, value });
export const bridgeError = <T = never>(error: string): BridgeResult<T> => ({ ok: false, error });

/** IPC channel names, one constant each; `*Event` channels flow main → renderer. */
export const IPC_CHANNELS = {
  showNotification: 'notification:show',
  notificationClickedEvent: 'notification:clicked',
  saveFile: 'file:save',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  getAuthToken: 'auth-token:get',
  setAuthToken: 'auth-token:set',
  requestMicrophoneAccess: 'microphone:request',
  openExternal: 'shell:open-external',
  setLanguage: 'app:set-language',
} as const;
export type IpcChannel = (typeof IPC_CHANNELS)[keyof typeof IPC_CHANNELS];

export type SaveFileResult = { saved: false } | { saved: true; path: string };

export type BridgeKind = 'desktop' | 'web';

export interface DesktopBridge {
  /** `desktop` inside Electron, `web` in a plain browser. */
  readonly kind: BridgeKind;
  /** Shows an OS notification; a click focuses the app and emits `route` to `onNotificationClick`. */
  showNotification(request: NotificationRequest): Promise<BridgeResult<null>>;
  /** Subscribes to notification clicks; returns the unsubscribe function. */
  onNotificationClick(listener: (click: NotificationClick) => void): () => void;
  /** Asks where to save (`saved: false` when the user cancels) and writes the bytes there. */
  saveFile(request: SaveFileRequest): Promise<BridgeResult<SaveFileResult>>;
  getSettings(): Promise<BridgeResult<DesktopSettings>>;
  updateSettings(patch: DesktopSettingsPatch): Promise<BridgeResult<DesktopSettings>>;
  /** The tenant user's token; on the desktop it is kept encrypted with the OS keychain. */
  getAuthToken(): Promise<BridgeResult<string | null>>;
  /**
   * Whether a token is stored, answered at once where the platform can (a browser's storage), so
   * a first visit draws the sign-in screen in its first frame instead of a loader. Absent where
   * only `getAuthToken` can tell (the desktop's keychain is behind IPC).
   */
  hasAuthToken?(): boolean;
  setAuthToken(token: string | null): Promise<BridgeResult<null>>;
  /** Asks the operating system for the microphone (voice notes); true when granted. */
  requestMicrophoneAccess(): Promise<BridgeResult<boolean>>;
  /** Opens an http(s) link in the system browser. */
  openExternal(url: string): Promise<BridgeResult<null>>;
  /**
   * The user's language, so the main process writes its own texts (save-dialog file types,
   * native notices) in it. The renderer sends it on start and on every switch.
   */
  setLanguage(language: Language): Promise<BridgeResult<null>>;
}
