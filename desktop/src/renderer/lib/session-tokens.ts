import { localPrefs } from './local-prefs';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The tokens the API client attaches. The auth and super stores write here; the API client only
 * reads, which keeps the client free of any store import.
 *
 * - The tenant user's token lives in memory; the auth store persists it through the bridge
 *   (encrypted by the OS on the desktop, localStorage in a browser).
 * - The super administrator's token lives in localStorage, as the spec requires.
 */
let userToken: string | null = null;

export const sessionTokens = {
  getUserToken: (): string | null => userToken,
  setUserToken: (token: string | null): void => {
    userToken = token;
  },
  getSuperToken: (): string | null => localPrefs.get(STORAGE_KEYS.superToken),
  setSuperToken: (token: string | null): void => {
    if (token) localPrefs.set(STORAGE_KEYS.superToken, token);
    else localPrefs.remove(STORAGE_KEYS.superToken);
  },
};
