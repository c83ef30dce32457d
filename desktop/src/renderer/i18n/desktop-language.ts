import type { DesktopBridge } from '@crm/common';
import { useLocaleStore } from './locale';

/**
 * Tells the desktop app's main process the user's language, so its own texts (save-dialog file
 * types, native notices) follow the renderer: once now, then on every switch. Returns the
 * unsubscribe function.
 */
export function syncLanguageWithDesktop(bridge: Pick<DesktopBridge, 'setLanguage'>, store = useLocaleStore): () => void {
  let sent = store.getState().language;
  void bridge.setLanguage(sent);
  return store.subscribe((state) => {
    if (state.language === sent) return;
    sent = state.language;
    void bridge.setLanguage(sent);
  });
}
