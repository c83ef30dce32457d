import { IPC_CHANNELS } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { createIpcRouter } from '../ipc/ipc-router.main';
import { registerNotificationIpc } from '../ipc/notifications.main';
import { filtersFor, registerSaveFileIpc } from '../ipc/save-file.main';
import { fakeIpcMain, ipcEvent, memoryStore, silentLog } from '../test/fakes';
import { createTokenVault } from '../token-vault.main';
import { createMainLanguage, MAIN_CATALOGUES, mainText, type MainTextKey } from './catalogue.main';
import { registerLanguageIpc } from './language.main';

describe('main-process catalogue', () => {
  it('has the same keys in English and Arabic, none of them empty', () => {
    const en = Object.keys(MAIN_CATALOGUES.en).sort();
    expect(Object.keys(MAIN_CATALOGUES.ar).sort()).toEqual(en);
    for (const language of ['en', 'ar'] as const) {
      for (const key of en) expect(MAIN_CATALOGUES[language][key as MainTextKey]?.trim(), `${language}:${key}`).toBeTruthy();
    }
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (text = '') => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const key of Object.keys(MAIN_CATALOGUES.en) as MainTextKey[]) {
      expect(placeholders(MAIN_CATALOGUES.ar[key]), key).toEqual(placeholders(MAIN_CATALOGUES.en[key]));
    }
  });

  it('looks a text up in the chosen language and fills its placeholders', () => {
    expect(mainText('en', 'fileType.xlsx')).toBe('Excel workbook');
    expect(mainText('ar', 'fileType.xlsx')).toBe('مصنف Excel');
    expect(mainText('ar', 'fileType.other', { extension: 'ZIP' })).toBe('ملف ZIP');
  });

  it('falls back to English for a key the Arabic catalogue lacks', () => {
    const saved = MAIN_CATALOGUES.ar.couldNotOpenLink;
    delete MAIN_CATALOGUES.ar.couldNotOpenLink;
    try {
      expect(mainText('ar', 'couldNotOpenLink')).toBe('Could not open the link');
    } finally {
      MAIN_CATALOGUES.ar.couldNotOpenLink = saved;
    }
  });

  it('writes in English until told otherwise, then in the language it was told', () => {
    const language = createMainLanguage();
    expect(language.t('notificationsUnsupported')).toBe('Notifications are not supported on this system');
    language.set('ar');
    expect(language.t('notificationsUnsupported')).toBe('الإشعارات غير مدعومة على هذا النظام');
  });
});

describe("main process in the user's language", () => {
  function setUp() {
    const { ipcMain, invoke } = fakeIpcMain();
    const router = createIpcRouter({ ipcMain, isTrustedSender: () => true, log: silentLog });
    const language = createMainLanguage();
    registerLanguageIpc(router, language);
    const dialog = { showSaveDialog: vi.fn(async () => ({ canceled: true })) };
    registerSaveFileIpc(router, { dialog: dialog as never, writeFile: vi.fn(), getWindow: () => null, defaultDirectory: () => '/tmp', texts: language });
    const Notification = Object.assign(vi.fn(), { isSupported: () => false });
    registerNotificationIpc(router, { Notification: Notification as never, getWindow: () => null, texts: language });
    const call = (channel: string, payload?: unknown) => invoke(channel, ipcEvent(), payload);
    return { call, dialog, language };
  }

  it("names the save dialog's file type and its notices in Arabic once the page says Arabic", async () => {
    const { call, dialog } = setUp();
    expect(await call(IPC_CHANNELS.setLanguage, 'ar')).toEqual({ ok: true, value: null });

    await call(IPC_CHANNELS.saveFile, { defaultName: 'leads.xlsx', data: new Uint8Array([1]) });
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ filters: [{ name: 'مصنف Excel', extensions: ['xlsx'] }] }));
    expect(await call(IPC_CHANNELS.showNotification, { title: 'x' })).toEqual({ ok: false, error: 'الإشعارات غير مدعومة على هذا النظام' });

    await call(IPC_CHANNELS.setLanguage, 'en');
    expect(await call(IPC_CHANNELS.showNotification, { title: 'x' })).toEqual({ ok: false, error: 'Notifications are not supported on this system' });
  });

  it('refuses a language it has no texts for and keeps the current one', async () => {
    const { call, language } = setUp();
    await call(IPC_CHANNELS.setLanguage, 'ar');
    expect(((await call(IPC_CHANNELS.setLanguage, 'fr')) as { ok: boolean }).ok).toBe(false);
    expect(language.get()).toBe('ar');
  });

  it('names an unknown file type in the chosen language', () => {
    const language = createMainLanguage('ar');
    expect(filtersFor('notes.txt', undefined, language)).toEqual([{ name: 'ملف TXT', extensions: ['txt'] }]);
  });

  it('tells the user in Arabic that the token cannot be kept on this computer', () => {
    const vault = createTokenVault({
      safeStorage: { isEncryptionAvailable: () => false, encryptString: vi.fn(), decryptString: vi.fn() },
      store: memoryStore(),
      platform: 'linux',
      texts: createMainLanguage('ar'),
    });
    expect(vault.set('secret')).toEqual({ ok: false, error: mainText('ar', 'noSecureStorage') });
  });
});
