import type { LoginRequest, PlatformAdmin } from '@crm/common';
import { create } from 'zustand';
import { onUnauthorized } from '../../lib/api';
import { localPrefs } from '../../lib/local-prefs';
import { sessionTokens } from '../../lib/session-tokens';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { superApi } from './api';

interface SuperState {
  /** The super administrator's token, mirrored from localStorage. */
  token: string | null;
  admin: PlatformAdmin | null;
  login: (credentials: LoginRequest) => Promise<PlatformAdmin>;
  /** Spec: the super logout removes the super token (then the guard sends the user to /super/login). */
  logout: (options?: { notifyServer?: boolean }) => Promise<void>;
}

function readStoredAdmin(): PlatformAdmin | null {
  const raw = localPrefs.get(STORAGE_KEYS.superAdmin);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PlatformAdmin;
  } catch {
    return null;
  }
}

export const useSuperStore = create<SuperState>()((set) => ({
  token: sessionTokens.getSuperToken(),
  admin: readStoredAdmin(),

  login: async (credentials) => {
    const { token, ...admin } = await superApi.login(credentials);
    sessionTokens.setSuperToken(token);
    localPrefs.set(STORAGE_KEYS.superAdmin, JSON.stringify(admin));
    set({ token, admin });
    return admin;
  },

  logout: async ({ notifyServer = true } = {}) => {
    if (notifyServer && sessionTokens.getSuperToken()) {
      try {
        await superApi.logout();
      } catch {
        // Already ended on the server, or unreachable: forgetting the token locally still signs out.
      }
    }
    sessionTokens.setSuperToken(null);
    localPrefs.remove(STORAGE_KEYS.superAdmin);
    set({ token: null, admin: null });
  },
}));

onUnauthorized((kind) => {
  if (kind === 'super' && useSuperStore.getState().token) void useSuperStore.getState().logout({ notifyServer: false });
});

/** Test helper: re-reads localStorage, as a fresh page load would. */
export function reloadSuperStoreForTests(): void {
  useSuperStore.setState({ token: sessionTokens.getSuperToken(), admin: readStoredAdmin() });
}
