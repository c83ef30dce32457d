import { bridgeOk, IPC_CHANNELS, mainLanguageSchema } from '@crm/common';
import type { IpcRouter } from '../ipc/ipc-router.main';
import type { MainLanguage } from './catalogue.main';

/** The renderer tells main the user's language (on start and on every switch). */
export function registerLanguageIpc(router: IpcRouter, language: MainLanguage): void {
  router.handle(IPC_CHANNELS.setLanguage, mainLanguageSchema, (chosen) => {
    language.set(chosen);
    return bridgeOk(null);
  });
}
