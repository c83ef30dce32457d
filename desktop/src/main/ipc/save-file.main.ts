import path from 'node:path';
import { bridgeOk, IPC_CHANNELS, saveFileRequestSchema, type SaveFileResult } from '@crm/common';
import type { BrowserWindow, Dialog, FileFilter } from 'electron';
import { ENGLISH_TEXTS, type MainTextKey, type MainTexts } from '../i18n/catalogue.main';
import type { IpcRouter } from './ipc-router.main';

export interface SaveFileDeps {
  dialog: Pick<Dialog, 'showSaveDialog'>;
  writeFile: (file: string, data: Uint8Array) => Promise<void>;
  getWindow: () => BrowserWindow | null;
  /** Where the dialog opens (the user's Downloads folder). */
  defaultDirectory: () => string;
  /** The user's language for the file-type names (English when not given). */
  texts?: MainTexts;
}

const FILTER_NAMES: Record<string, MainTextKey> = {
  xlsx: 'fileType.xlsx',
  xls: 'fileType.xls',
  csv: 'fileType.csv',
  pdf: 'fileType.pdf',
};

/** Without explicit filters, offer the suggested name's own type. */
export function filtersFor(fileName: string, given?: FileFilter[], texts: MainTexts = ENGLISH_TEXTS): FileFilter[] | undefined {
  if (given?.length) return given;
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!extension) return undefined;
  const known = FILTER_NAMES[extension];
  const name = known ? texts.t(known) : texts.t('fileType.other', { extension: extension.toUpperCase() });
  return [{ name, extensions: [extension] }];
}

/** Exports: ask where to save (the caller suggests the name), then write exactly the given bytes there. */
export function registerSaveFileIpc(router: IpcRouter, deps: SaveFileDeps): void {
  router.handle(IPC_CHANNELS.saveFile, saveFileRequestSchema, async ({ defaultName, data, filters }) => {
    const options = {
      defaultPath: path.join(deps.defaultDirectory(), defaultName),
      filters: filtersFor(defaultName, filters, deps.texts),
      properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
    };
    const window = deps.getWindow();
    const choice = window ? await deps.dialog.showSaveDialog(window, options) : await deps.dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return bridgeOk<SaveFileResult>({ saved: false });
    await deps.writeFile(choice.filePath, data);
    return bridgeOk<SaveFileResult>({ saved: true, path: choice.filePath });
  });
}
