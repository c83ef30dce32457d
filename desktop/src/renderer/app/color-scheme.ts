import { localStorageColorSchemeManager, type MantineColorSchemeManager } from '@mantine/core';
import type { DesktopBridge } from '@crm/common';
import { STORAGE_KEYS } from '../lib/storage-keys';

/**
 * Theme persistence (spec: saved locally, default light). localStorage answers synchronously,
 * so the first paint already has the right theme; on the desktop the choice is also written to
 * the app settings, where the main process reads it for the window background before any page
 * has loaded.
 */
export function createColorSchemeManager(bridge: DesktopBridge): MantineColorSchemeManager {
  const local = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });
  return {
    ...local,
    set: (value) => {
      local.set(value);
      if (bridge.kind === 'desktop' && (value === 'light' || value === 'dark')) void bridge.updateSettings({ theme: value });
    },
  };
}
