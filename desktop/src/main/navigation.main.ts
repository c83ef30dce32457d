import type { WebContents } from 'electron';
import { isAppUrl, isHttpUrl } from './app-origin.main';

/** The part of WebContents the hardening touches. */
export type HardenableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export interface NavigationDeps {
  openExternal: (url: string) => Promise<void> | void;
  log?: { warn(message: string): void };
}

/**
 * Electron security checklist for every web contents:
 * - navigation away from the app is refused (an injected link cannot turn the window into a
 *   browser that still has the bridge);
 * - new windows are always refused; http(s) links open in the system browser instead;
 * - <webview> cannot be attached.
 */
const hardened = new WeakSet<object>();

export function hardenWebContents(contents: HardenableContents, { openExternal, log }: NavigationDeps): void {
  // Both the app-wide 'web-contents-created' hook and the window factory call this; once is enough.
  if (hardened.has(contents)) return;
  hardened.add(contents);
  const refuseForeign = (event: { preventDefault(): void; url?: string }, url: string) => {
    const target = event.url ?? url;
    if (isAppUrl(target)) return;
    event.preventDefault();
    log?.warn(`Navigation refused: ${target}`);
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());

  contents.setWindowOpenHandler(({ url }) => {
    if (isHttpUrl(url)) void openExternal(url);
    else log?.warn(`Window refused: ${url}`);
    return { action: 'deny' };
  });
}
