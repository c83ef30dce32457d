import { authTokenSchema, bridgeError, bridgeOk, desktopSettingsPatchSchema, externalUrlSchema, IPC_CHANNELS } from '@crm/common';
import { ENGLISH_TEXTS, type MainTexts } from '../i18n/catalogue.main';
import type { SettingsService } from '../settings.main';
import type { TokenVault } from '../token-vault.main';
import type { IpcRouter } from './ipc-router.main';

export interface SettingsIpcDeps {
  settings: SettingsService;
  tokens: TokenVault;
  openExternal: (url: string) => Promise<void>;
  /** macOS asks the user once; Windows answers from its privacy settings. */
  microphone: {
    platform: NodeJS.Platform;
    getMediaAccessStatus: (mediaType: 'microphone') => string;
    askForMediaAccess: (mediaType: 'microphone') => Promise<boolean>;
  };
  /** The user's language for the texts main returns (English when not given). */
  texts?: MainTexts;
}

/** Settings (server URL, theme), the encrypted token, OS microphone access and external links. */
export function registerSettingsIpc(router: IpcRouter, { settings, tokens, openExternal, microphone, texts = ENGLISH_TEXTS }: SettingsIpcDeps): void {
  router.handle(IPC_CHANNELS.getSettings, null, () => bridgeOk(settings.get()));
  router.handle(IPC_CHANNELS.updateSettings, desktopSettingsPatchSchema, (patch) => bridgeOk(settings.update(patch)));

  router.handle(IPC_CHANNELS.getAuthToken, null, () => bridgeOk(tokens.get()));
  router.handle(IPC_CHANNELS.setAuthToken, authTokenSchema, (token) => tokens.set(token));

  router.handle(IPC_CHANNELS.requestMicrophoneAccess, null, async () => {
    if (microphone.platform === 'darwin') {
      if (microphone.getMediaAccessStatus('microphone') === 'granted') return bridgeOk(true);
      return bridgeOk(await microphone.askForMediaAccess('microphone'));
    }
    if (microphone.platform === 'win32') return bridgeOk(microphone.getMediaAccessStatus('microphone') !== 'denied');
    return bridgeOk(true);
  });

  router.handle(IPC_CHANNELS.openExternal, externalUrlSchema, async (url) => {
    try {
      await openExternal(url);
      return bridgeOk(null);
    } catch {
      return bridgeError(texts.t('couldNotOpenLink'));
    }
  });
}
