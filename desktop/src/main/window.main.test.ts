import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildWindowOptions, createMainWindow, restorableBounds, trackWindowBounds } from './window.main';

const screen = [{ x: 0, y: 0, width: 1920, height: 1040 }];

describe('main window', () => {
  it('carries every security setting of the Electron checklist', () => {
    const options = buildWindowOptions({ preloadPath: '/app/preload.cjs', bounds: null, theme: 'light', title: 'WhatsApp CRM' });
    expect(options.webPreferences).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      experimentalFeatures: false,
    });
    expect(options.webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(options.show).toBe(false);
  });

  it('opens at 1280×800 by default, never below the supported minimum, with the theme background', () => {
    const fresh = buildWindowOptions({ preloadPath: 'p', bounds: null, theme: 'dark', title: 't' });
    expect(fresh).toMatchObject({ width: 1280, height: 800, minWidth: 960, minHeight: 600, backgroundColor: '#1f1f1f' });
    const restored = buildWindowOptions({ preloadPath: 'p', bounds: { width: 1400, height: 900, x: 10, y: 20, maximized: false }, theme: 'light', title: 't' });
    expect(restored).toMatchObject({ width: 1400, height: 900, x: 10, y: 20 });
  });

  it('forgets a saved position that is no longer on any screen but keeps the size', () => {
    expect(restorableBounds({ x: 100, y: 100, width: 1300, height: 800, maximized: true }, screen)).toEqual({
      x: 100,
      y: 100,
      width: 1300,
      height: 800,
      maximized: true,
    });
    expect(restorableBounds({ x: 4000, y: 100, width: 1300, height: 800, maximized: false }, screen)).toEqual({
      width: 1300,
      height: 800,
      maximized: false,
    });
    expect(restorableBounds(null, screen)).toBeNull();
  });

  it('creates a hardened window that loads the app and shows itself once painted', () => {
    const events = new Map<string, () => void>();
    const contentsEvents: string[] = [];
    class FakeBrowserWindow {
      static last: FakeBrowserWindow;
      webContents = { on: (name: string) => contentsEvents.push(name), setWindowOpenHandler: vi.fn() };
      loadURL = vi.fn(async () => {});
      show = vi.fn();
      maximize = vi.fn();
      focus = vi.fn();
      restore = vi.fn();
      isMinimized = vi.fn(() => false);
      isDestroyed = vi.fn(() => false);
      on = vi.fn();
      once = (name: string, listener: () => void) => events.set(name, listener);
      constructor(readonly options: BrowserWindowConstructorOptions) {
        FakeBrowserWindow.last = this;
      }
    }
    const options = buildWindowOptions({ preloadPath: 'p', bounds: null, theme: 'light', title: 't' });
    const window = createMainWindow(FakeBrowserWindow as never, options, { maximized: true, openExternal: vi.fn() }) as unknown as FakeBrowserWindow;

    expect(window.options).toBe(options);
    expect(window.loadURL).toHaveBeenCalledWith('app://crm/');
    expect(contentsEvents).toEqual(expect.arrayContaining(['will-navigate', 'will-redirect', 'will-attach-webview']));
    expect(window.webContents.setWindowOpenHandler).toHaveBeenCalled();
    expect(window.show).not.toHaveBeenCalled();
    events.get('ready-to-show')!();
    expect(window.maximize).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
  });

  it('saves the window bounds after moves and on close', () => {
    vi.useFakeTimers();
    const listeners = new Map<string, () => void>();
    const save = vi.fn();
    trackWindowBounds(
      {
        on: ((name: string, listener: () => void) => listeners.set(name, listener)) as never,
        getNormalBounds: () => ({ x: 5, y: 6, width: 1200, height: 700 }),
        isMaximized: () => false,
        isDestroyed: () => false,
      },
      save,
    );
    listeners.get('resize')!();
    listeners.get('move')!();
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    expect(save).toHaveBeenCalledTimes(1);
    listeners.get('close')!();
    expect(save).toHaveBeenLastCalledWith({ x: 5, y: 6, width: 1200, height: 700, maximized: false });
    vi.useRealTimers();
  });
});
