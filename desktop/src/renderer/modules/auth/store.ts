import type { AuthUser, CurrentUser, LoginRequest, UpdatePreferencesRequest, UserPreferences } from '@crm/common';
import { create } from 'zustand';
import { ApiError, onUnauthorized } from '../../lib/api';
import { bridge } from '../../lib/bridge';
import { applyPreferences, changePreferences, i18n, useLocaleStore } from '../../i18n';
import { sessionTokens } from '../../lib/session-tokens';
import { authApi } from './api';

/** The signed-in user; the server always sends the preferences and the company name (CurrentUser); test fixtures may leave them out. */
export type SignedInUser = AuthUser & Partial<UserPreferences & Pick<CurrentUser, 'companyName'>>;

/** `checking` while the stored token is verified: the guards show 'Loading Application...'. */
export type AuthStatus = 'checking' | 'authenticated' | 'anonymous';

interface AuthState {
  status: AuthStatus;
  user: SignedInUser | null;
  token: string | null;
  /** Why the session will not survive a restart (desktop without OS secure storage), else null. */
  rememberWarning: string | null;
  /** Reads the stored token and checks it with the current-user call (spec: session on load). */
  bootstrap: () => Promise<void>;
  /** Throws an ApiError when the server refuses; the login page shows its text. */
  login: (credentials: LoginRequest) => Promise<SignedInUser>;
  /** Ends the session on the server (best effort), forgets the token, closes the socket. */
  logout: (options?: { notifyServer?: boolean }) => Promise<void>;
  /** Refreshes the user with the current-user call; a failure clears the session. */
  refreshUser: () => Promise<SignedInUser>;
  /** Switches at once and saves the choice with the user; a refused save switches back and throws. */
  updatePreferences: (change: UpdatePreferencesRequest) => Promise<void>;
}

/**
 * After sign-in the user's saved language wins over the one chosen on the login screen; the first
 * screen waits for its texts. A language whose texts cannot be fetched does not stop the sign-in.
 */
async function followUser(user: SignedInUser): Promise<SignedInUser> {
  if (user.language) await changePreferences({ language: user.language, arabicDigits: user.arabicDigits }).catch(() => undefined);
  return user;
}

let bootstrapping: Promise<void> | null = null;

async function forgetSession(): Promise<void> {
  sessionTokens.setUserToken(null);
  await closeRealtime();
  await bridge.setAuthToken(null);
}

/**
 * The socket (and Socket.IO with it) is not part of the sign-in screen's code: it is fetched with
 * the signed-in layout, which is the only place that opens one. So it is imported here when a
 * session ends; if it cannot be fetched, it was never loaded and no socket is open.
 */
async function closeRealtime(): Promise<void> {
  try {
    const { useRealtimeStore } = await import('../realtime/store');
    useRealtimeStore.getState().disconnect();
  } catch {
    // nothing was open
  }
}

/**
 * Known at once when nothing is stored (a browser's first visit): the sign-in screen is the first
 * frame, with no loader drawn and replaced before it. Otherwise the stored token is checked first.
 */
const initialStatus = (): AuthStatus => (bridge.hasAuthToken?.() === false ? 'anonymous' : 'checking');

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: initialStatus(),
  user: null,
  token: null,
  rememberWarning: null,

  bootstrap: () => {
    bootstrapping ??= (async () => {
      const stored = await bridge.getAuthToken();
      const token = stored.ok ? stored.value : null;
      if (!token) {
        set({ status: 'anonymous', user: null, token: null });
        return;
      }
      sessionTokens.setUserToken(token);
      try {
        const user = await followUser(await authApi.me());
        set({ status: 'authenticated', user, token });
      } catch {
        await forgetSession();
        set({ status: 'anonymous', user: null, token: null });
      }
    })();
    return bootstrapping;
  },

  login: async (credentials) => {
    const { token, ...user } = await authApi.login(credentials);
    // A success without a token is a broken server answer, not a credentials problem.
    if (!token) throw new ApiError(200, undefined, i18n.t('auth:loginFailed'));
    sessionTokens.setUserToken(token);
    // If the OS keychain is unavailable the session still works; it just is not remembered.
    const saved = await bridge.setAuthToken(token);
    await followUser(user);
    set({ status: 'authenticated', user, token, rememberWarning: saved.ok ? null : saved.error });
    return user;
  },

  logout: async ({ notifyServer = true } = {}) => {
    if (notifyServer && get().token) {
      try {
        await authApi.logout();
      } catch {
        // The server may already have ended the session; signing out locally is what matters.
      }
    }
    await forgetSession();
    set({ status: 'anonymous', user: null, token: null });
  },

  refreshUser: async () => {
    try {
      const user = await followUser(await authApi.me());
      set({ user });
      return user;
    } catch (error) {
      await get().logout({ notifyServer: false });
      throw error;
    }
  },

  updatePreferences: async (change) => {
    const { language, arabicDigits } = useLocaleStore.getState();
    // switched once its texts are here; a language that cannot be fetched is neither shown nor saved
    await changePreferences(change);
    try {
      const user = await authApi.updatePreferences(change);
      set({ user });
    } catch (error) {
      applyPreferences({ language, arabicDigits });
      throw error;
    }
  },
}));

// A revoked or expired token (logout elsewhere, deactivation, suspension) signs the user out.
onUnauthorized((kind) => {
  if (kind === 'user' && useAuthStore.getState().status === 'authenticated') {
    void useAuthStore.getState().logout({ notifyServer: false });
  }
});

/** Test helper: lets a test run bootstrap again from a clean state. */
export function resetAuthStoreForTests(): void {
  bootstrapping = null;
  sessionTokens.setUserToken(null);
  useAuthStore.setState({ status: initialStatus(), user: null, token: null, rememberWarning: null });
}
