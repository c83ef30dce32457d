import { describe, expect, it } from 'vitest';
import { createSettingsService, SETTINGS_KEYS } from './settings.main';
import { memoryStore } from './test/fakes';
import { createTokenVault, NO_SECURE_STORAGE } from './token-vault.main';

const keychain = (available = true, backend = 'gnome_libsecret') => ({
  isEncryptionAvailable: () => available,
  getSelectedStorageBackend: () => backend,
  encryptString: (text: string) => Buffer.from(`enc:${text}`),
  decryptString: (data: Buffer) => {
    const text = data.toString();
    if (!text.startsWith('enc:')) throw new Error('bad data');
    return text.slice(4);
  },
});

describe('desktop settings', () => {
  it('starts with no server (first run asks), light theme and no saved bounds', () => {
    expect(createSettingsService(memoryStore()).get()).toEqual({ serverUrl: null, theme: 'light', windowBounds: null });
  });

  it('saves the server URL and theme, and ignores corrupt values', () => {
    const store = memoryStore({ theme: 'purple', windowBounds: { x: 'a' } });
    const settings = createSettingsService(store);
    expect(settings.get().theme).toBe('light');
    expect(settings.update({ serverUrl: 'https://crm.example.com', theme: 'dark' })).toMatchObject({
      serverUrl: 'https://crm.example.com',
      theme: 'dark',
      windowBounds: null,
    });
  });

  it('forgets the saved token when the server changes', () => {
    const store = memoryStore({ serverUrl: 'http://localhost:3000', [SETTINGS_KEYS.authToken]: 'x' });
    createSettingsService(store).update({ serverUrl: 'https://crm.example.com' });
    expect(store.data.has(SETTINGS_KEYS.authToken)).toBe(false);
  });
});

describe('token vault', () => {
  it('stores the token encrypted and reads it back', () => {
    const store = memoryStore();
    const vault = createTokenVault({ safeStorage: keychain(), store, platform: 'darwin' });
    expect(vault.set('secret-token')).toEqual({ ok: true, value: null });
    const stored = store.data.get(SETTINGS_KEYS.authToken) as string;
    expect(stored).not.toContain('secret-token');
    expect(vault.get()).toBe('secret-token');
    vault.set(null);
    expect(vault.get()).toBeNull();
  });

  it('never writes a token in plain text when the OS offers no encryption', () => {
    for (const safeStorage of [keychain(false), keychain(true, 'basic_text')]) {
      const store = memoryStore();
      const vault = createTokenVault({ safeStorage, store, platform: 'linux' });
      expect(vault.set('secret-token')).toEqual({ ok: false, error: NO_SECURE_STORAGE });
      expect(store.data.size).toBe(0);
    }
  });

  it('drops a token it can no longer decrypt', () => {
    const store = memoryStore({ [SETTINGS_KEYS.authToken]: Buffer.from('garbage').toString('base64') });
    expect(createTokenVault({ safeStorage: keychain(), store, platform: 'win32' }).get()).toBeNull();
    expect(store.data.has(SETTINGS_KEYS.authToken)).toBe(false);
  });
});
