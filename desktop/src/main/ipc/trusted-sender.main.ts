import type { IpcMainInvokeEvent } from 'electron';
import { isAppUrl } from '../app-origin.main';

export interface WindowRef {
  isDestroyed(): boolean;
  webContents: { id: number };
}

/**
 * Only the main window's top frame, showing the app's own origin, may call the bridge. An
 * iframe, another window or a page that somehow navigated elsewhere is refused.
 */
export function createTrustedSenderCheck(getWindow: () => WindowRef | null): (event: IpcMainInvokeEvent) => boolean {
  return (event) => {
    const window = getWindow();
    if (!window || window.isDestroyed()) return false;
    if (event.sender.id !== window.webContents.id) return false;
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return isAppUrl(frame.url);
  };
}
