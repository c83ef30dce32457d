import path from 'node:path';
import { bridgeOk, IPC_CHANNELS, saveFileRequestSchema, type SaveFileResult } from '@crm/common';
import type { BrowserWindow, Dialog, FileFilter } from 'electron';
import type { IpcRouter } from './ipc-router.main';

export interface SaveFileDeps {
  dialog: Pick<Dialog, 'showSaveDialog'>;
  writeFile: (file: string, data: Uint8Array) => Promise<void>;
  getWindow: () => BrowserWindow | null;
  /** Where the dialog opens (the user's Downloads folder). */
  defaultDirectory: () => string;
}

const FILTER_NAMES: Record<string, string> = {
  xlsx: 'Excel workbook',
  xls: 'Excel 97-2003 workbook',
  csv: 'CSV file',
  pdf: 'PDF document',
};

/** Without explicit filters, offer the suggested name's own type. */
export function filtersFor(fileName: string, given?: FileFilter[]): FileFilter[] | undefined {
  if (given?.length) return given;
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!extension) return undefined;
  return [{ name: FILTER_NAMES[extension] ?? `${extension.toUpperCase()} file`, extensions: [extension] }];
}

/** Exports: ask where to save (the caller suggests the name), then write exactly the given bytes there. */
export function registerSaveFileIpc(router: IpcRouter, deps: SaveFileDeps): void {
  router.handle(IPC_CHANNELS.saveFile, saveFileRequestSchema, async ({ defaultName, data, filters }) => {
    const options = {
      defaultPath: path.join(deps.defaultDirectory(), defaultName),
      filters: filtersFor(defaultName, filters),
      properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
    };
    const window = deps.getWindow();
    const choice = window ? await deps.dialog.showSaveDialog(window, options) : await deps.dialog.showSaveDialog(options);
    if (choice.canceled || !choice.filePath) return bridgeOk<SaveFileResult>({ saved: false });
    await deps.writeFile(choice.filePath, data);
    return bridgeOk<SaveFileResult>({ saved: true, path: choice.filePath });
  });
}
