import { DEFAULT_DESKTOP_SETTINGS, desktopSettingsSchema, type DesktopSettings, type WindowBounds } from '@crm/common';

/** The part of electron-store the app uses; tests pass a Map-backed fake. */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export const SETTINGS_KEYS = {
  serverUrl: 'serverUrl',
  theme: 'theme',
  windowBounds: 'windowBounds',
  authToken: 'authTokenEncrypted',
} as const;

export interface SettingsService {
  get(): DesktopSettings;
  /** The patch is already validated (desktopSettingsPatchSchema). */
  update(patch: { serverUrl?: string; theme?: DesktopSettings['theme'] }): DesktopSettings;
  setWindowBounds(bounds: WindowBounds): void;
}

const shape = desktopSettingsSchema.shape;

/** Reads each setting through its schema: a hand-edited or corrupt settings file falls back to defaults. */
export function createSettingsService(store: KeyValueStore): SettingsService {
  type Schema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };
  const read = <T>(key: string, schema: Schema<T>, fallback: T): T => {
    const parsed = schema.safeParse(store.get(key));
    return parsed.success ? parsed.data : fallback;
  };

  const get = (): DesktopSettings => ({
    serverUrl: read(SETTINGS_KEYS.serverUrl, shape.serverUrl, DEFAULT_DESKTOP_SETTINGS.serverUrl),
    theme: read(SETTINGS_KEYS.theme, shape.theme, DEFAULT_DESKTOP_SETTINGS.theme),
    windowBounds: read(SETTINGS_KEYS.windowBounds, shape.windowBounds, DEFAULT_DESKTOP_SETTINGS.windowBounds),
  });

  return {
    get,
    update(patch) {
      if (patch.serverUrl !== undefined) {
        const previous = get().serverUrl;
        store.set(SETTINGS_KEYS.serverUrl, patch.serverUrl);
        // A token from one server means nothing to another one.
        if (previous && previous !== patch.serverUrl) store.delete(SETTINGS_KEYS.authToken);
      }
      if (patch.theme !== undefined) store.set(SETTINGS_KEYS.theme, patch.theme);
      return get();
    },
    setWindowBounds(bounds) {
      store.set(SETTINGS_KEYS.windowBounds, bounds);
    },
  };
}
