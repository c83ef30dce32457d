import type { ColorScheme, WindowBounds } from '@crm/common';
import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { APP_ENTRY_URL } from './app-origin.main';
import { hardenWebContents, type NavigationDeps } from './navigation.main';

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
/** The layout is designed to work at 1280×720 and still holds at this size. */
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;

/** Painted before the page loads, so a dark-theme user gets no white flash. */
const BACKGROUND: Record<ColorScheme, string> = { light: '#f8f9fa', dark: '#1f1f1f' };

/** The web preferences of the Electron security checklist, all of them. */
export function secureWebPreferences(preloadPath: string): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload: preloadPath,
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
    safeDialogs: true,
    spellcheck: true,
  };
}

/** Size and, when still on a screen, position to reopen the window with. */
export interface RestoredBounds {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
}

/**
 * The saved position is kept only while its title bar still lies on a connected display (a
 * window restored onto an unplugged monitor would be unreachable); the size is always kept.
 */
export function restorableBounds(saved: WindowBounds | null, workAreas: Rectangle[]): RestoredBounds | null {
  if (!saved) return null;
  const onScreen = workAreas.some((area) => saved.x < area.x + area.width - 50 && saved.x + saved.width > area.x + 50 && saved.y >= area.y - 20 && saved.y < area.y + area.height - 50);
  const { x, y, ...size } = saved;
  return onScreen ? { ...size, x, y } : size;
}

export function buildWindowOptions({ preloadPath, bounds, theme, title }: { preloadPath: string; bounds: RestoredBounds | null; theme: ColorScheme; title: string }): BrowserWindowConstructorOptions {
  const position = bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {};
  return {
    title,
    width: Math.max(bounds?.width ?? DEFAULT_WINDOW_SIZE.width, MIN_WINDOW_SIZE.width),
    height: Math.max(bounds?.height ?? DEFAULT_WINDOW_SIZE.height, MIN_WINDOW_SIZE.height),
    ...position,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    show: false,
    backgroundColor: BACKGROUND[theme],
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preloadPath),
  };
}

type WindowLike = Pick<BrowserWindow, 'once' | 'on' | 'show' | 'focus' | 'restore' | 'isMinimized' | 'maximize' | 'loadURL' | 'webContents' | 'isDestroyed'>;

/** Creates the one app window: hardened, showing the renderer, shown once painted. */
export function createMainWindow<W extends WindowLike>(
  BrowserWindowCtor: new (options: BrowserWindowConstructorOptions) => W,
  options: BrowserWindowConstructorOptions,
  { maximized, ...navigation }: NavigationDeps & { maximized: boolean },
): W {
  const window = new BrowserWindowCtor(options);
  hardenWebContents(window.webContents, navigation);
  window.once('ready-to-show', () => {
    if (maximized) window.maximize();
    window.show();
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/** Brings the window to the front, restoring it from the dock or taskbar if needed. */
export function focusWindow(window: Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus' | 'isDestroyed'>): void {
  if (window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/** Saves size, position and maximised state (debounced) so the next start looks the same. */
export function trackWindowBounds(window: Pick<BrowserWindow, 'on' | 'getNormalBounds' | 'isMaximized' | 'isDestroyed'>, save: (bounds: WindowBounds) => void, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    clearTimeout(timer);
    if (window.isDestroyed()) return;
    const { x, y, width, height } = window.getNormalBounds();
    save({ x, y, width, height, maximized: window.isMaximized() });
  };
  const saveSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  };
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('close', saveNow);
}
