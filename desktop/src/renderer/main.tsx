import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { changePreferences, initialPreferences } from './i18n';
import { syncLanguageWithDesktop } from './i18n/desktop-language';
import { bridge } from './lib/bridge';
import { setServerOrigin } from './lib/server-origin';

/**
 * Start-up: on the desktop the server address comes from the app settings (first run asks for
 * it); in a browser the server is the page's own origin.
 */
async function start(): Promise<void> {
  // First start follows the system language; sign-in then applies the user's saved choice. Arabic
  // texts are fetched before the first render; if they cannot be, the app starts in English.
  await changePreferences(initialPreferences()).catch(() => undefined);
  // The main process writes its native texts in the same language.
  syncLanguageWithDesktop(bridge);
  let needsServerSetup = false;
  if (bridge.kind === 'desktop') {
    const settings = await bridge.getSettings();
    const serverUrl = settings.ok ? settings.value.serverUrl : null;
    if (serverUrl) setServerOrigin(serverUrl);
    else needsServerSetup = true;
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App needsServerSetup={needsServerSetup} />
    </StrictMode>,
  );
}

void start();
