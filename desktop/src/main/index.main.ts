/**
 * Composition root of the Electron main process: the only file that imports `electron` and
 * `electron-store` at run time. Everything it wires is written against injected APIs and
 * unit-tested with fakes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, net, Notification, protocol, safeStorage, screen, session, shell, systemPreferences } from 'electron';
import Store from 'electron-store';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES } from './app-origin.main';
import { createAppProtocolHandler } from './app-protocol.main';
import { createMainLanguage } from './i18n/catalogue.main';
import { registerLanguageIpc } from './i18n/language.main';
import { createIpcRouter } from './ipc/ipc-router.main';
import { registerNotificationIpc } from './ipc/notifications.main';
import { registerSaveFileIpc } from './ipc/save-file.main';
import { registerSettingsIpc } from './ipc/settings.main';
import { createTrustedSenderCheck } from './ipc/trusted-sender.main';
import { log } from './logger.main';
import { hardenWebContents } from './navigation.main';
import { installPermissionHandlers } from './permissions.main';
import { createSettingsService, type KeyValueStore } from './settings.main';
import { createTokenVault } from './token-vault.main';
import { buildWindowOptions, createMainWindow, focusWindow, restorableBounds, trackWindowBounds } from './window.main';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD_PATH = path.join(here, '../preload/index.preload.cjs');
const RENDERER_DIR = path.join(here, '../renderer');
const PRODUCT_NAME = 'WhatsApp CRM';

// Must run before `ready`.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;

if (!app.requestSingleInstanceLock()) {
  // A second launch only brings the running app forward (see 'second-instance').
  app.quit();
} else {
  app.on('second-instance', () => mainWindow && focusWindow(mainWindow));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.whenReady().then(start, (error: unknown) => {
    log.error('Start-up failed', error);
    app.quit();
  });
}

// Every web contents ever created (including ones we did not expect) gets the navigation rules.
app.on('web-contents-created', (_event, contents) => {
  hardenWebContents(contents, { openExternal: (url) => shell.openExternal(url), log });
});

async function start(): Promise<void> {
  const store = new Store({ name: 'settings' }) as unknown as KeyValueStore;
  const settings = createSettingsService(store);
  // The user's language for main's own texts; the renderer sends it on start and on each switch.
  const language = createMainLanguage();
  const tokens = createTokenVault({ safeStorage, store, platform: process.platform, texts: language });

  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({
      rendererDir: RENDERER_DIR,
      getServerUrl: () => settings.get().serverUrl,
      fetch: (input, init) => net.fetch(input, init),
      readFile: (file) => readFile(file),
    }),
  );
  installPermissionHandlers(session.defaultSession);

  const router = createIpcRouter({
    ipcMain,
    isTrustedSender: createTrustedSenderCheck(() => mainWindow),
    log,
  });
  registerLanguageIpc(router, language);
  registerSettingsIpc(router, {
    settings,
    tokens,
    texts: language,
    openExternal: (url) => shell.openExternal(url),
    microphone: {
      platform: process.platform,
      getMediaAccessStatus: (type) => systemPreferences.getMediaAccessStatus(type),
      askForMediaAccess: (type) => systemPreferences.askForMediaAccess(type),
    },
  });
  registerNotificationIpc(router, { Notification, getWindow: () => mainWindow, texts: language });
  registerSaveFileIpc(router, {
    dialog,
    writeFile: (file, data) => writeFile(file, data),
    getWindow: () => mainWindow,
    defaultDirectory: () => app.getPath('downloads'),
    texts: language,
  });

  openWindow(settings);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow(settings);
  });
}

function openWindow(settings: ReturnType<typeof createSettingsService>): void {
  const current = settings.get();
  const bounds = restorableBounds(
    current.windowBounds,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = createMainWindow(BrowserWindow, buildWindowOptions({ preloadPath: PRELOAD_PATH, bounds, theme: current.theme, title: PRODUCT_NAME }), {
    maximized: bounds?.maximized ?? false,
    openExternal: (url) => shell.openExternal(url),
    log,
  });
  trackWindowBounds(window, (next) => settings.setWindowBounds(next));
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  mainWindow = window;
}
