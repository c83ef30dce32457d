import { bridgeError, bridgeOk, type BridgeResult } from '@crm/common';
import { ENGLISH_TEXTS, mainText, type MainTexts } from './i18n/catalogue.main';
import type { KeyValueStore } from './settings.main';
import { SETTINGS_KEYS } from './settings.main';

/** The part of Electron's safeStorage the vault uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text' means no keyring, i.e. a fixed, public key. */
  getSelectedStorageBackend?(): string;
}

export interface TokenVault {
  get(): string | null;
  set(token: string | null): BridgeResult<null>;
}

export const NO_SECURE_STORAGE = mainText('en', 'noSecureStorage');

/**
 * Keeps the signed-in user's token encrypted by the operating system (Keychain, DPAPI,
 * libsecret). Without real encryption the token is not written at all: it then lives only in
 * the renderer's memory for this session.
 */
export function createTokenVault({
  safeStorage,
  store,
  platform,
  texts = ENGLISH_TEXTS,
}: {
  safeStorage: SafeStorageLike;
  store: KeyValueStore;
  platform: NodeJS.Platform;
  /** The user's language for the notice (English when not given). */
  texts?: MainTexts;
}): TokenVault {
  const secure = (): boolean => safeStorage.isEncryptionAvailable() && !(platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text');

  return {
    get() {
      const stored = store.get(SETTINGS_KEYS.authToken);
      if (typeof stored !== 'string' || !stored || !secure()) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        // Unreadable (keychain reset, profile copied to another machine): forget it.
        store.delete(SETTINGS_KEYS.authToken);
        return null;
      }
    },
    set(token) {
      if (token === null) {
        store.delete(SETTINGS_KEYS.authToken);
        return bridgeOk(null);
      }
      if (!secure()) {
        store.delete(SETTINGS_KEYS.authToken);
        return bridgeError(texts.t('noSecureStorage'));
      }
      store.set(SETTINGS_KEYS.authToken, safeStorage.encryptString(token).toString('base64'));
      return bridgeOk(null);
    },
  };
}
