import { IPC_CHANNELS } from '@crm/common';
import { describe, expect, it, vi } from 'vitest';
import { fakeIpcMain, ipcEvent, silentLog } from '../test/fakes';
import { createIpcRouter } from './ipc-router.main';
import { filtersFor, registerSaveFileIpc } from './save-file.main';

function setUp(choice: { canceled: boolean; filePath?: string }) {
  const { ipcMain, invoke } = fakeIpcMain();
  const router = createIpcRouter({ ipcMain, isTrustedSender: () => true, log: silentLog });
  const dialog = { showSaveDialog: vi.fn(async () => choice) };
  const writeFile = vi.fn(async () => {});
  const window = { id: 'main-window' };
  registerSaveFileIpc(router, {
    dialog: dialog as never,
    writeFile,
    getWindow: () => window as never,
    defaultDirectory: () => '/home/mona/Downloads',
  });
  const save = (payload: unknown) => invoke(IPC_CHANNELS.saveFile, ipcEvent(), payload);
  return { dialog, writeFile, save, window };
}

const bytes = new Uint8Array([80, 75, 3, 4, 0, 255]);

describe('save-file dialog', () => {
  it("suggests the caller's file name and writes exactly the bytes where the user chose", async () => {
    const { dialog, writeFile, save, window } = setUp({ canceled: false, filePath: '/home/mona/Reports/leads_2026-11-22.xlsx' });
    const result = await save({ defaultName: 'leads_2026-11-22.xlsx', data: bytes });

    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        defaultPath: '/home/mona/Downloads/leads_2026-11-22.xlsx',
        filters: [{ name: 'Excel workbook', extensions: ['xlsx'] }],
      }),
    );
    expect(writeFile).toHaveBeenCalledOnce();
    expect(writeFile).toHaveBeenCalledWith('/home/mona/Reports/leads_2026-11-22.xlsx', bytes);
    expect(result).toEqual({ ok: true, value: { saved: true, path: '/home/mona/Reports/leads_2026-11-22.xlsx' } });
  });

  it('writes nothing when the user cancels', async () => {
    const { writeFile, save } = setUp({ canceled: true, filePath: '' });
    expect(await save({ defaultName: 'Report_2026-11-22.xlsx', data: bytes })).toEqual({ ok: true, value: { saved: false } });
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('refuses a suggested name that is a path, without opening the dialog', async () => {
    const { dialog, writeFile, save } = setUp({ canceled: false, filePath: '/tmp/x' });
    const result = (await save({ defaultName: '../../.bashrc', data: bytes })) as { ok: boolean };
    expect(result.ok).toBe(false);
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('refuses data that is not bytes', async () => {
    const { writeFile, save } = setUp({ canceled: false, filePath: '/tmp/x' });
    expect(((await save({ defaultName: 'a.csv', data: 'text' })) as { ok: boolean }).ok).toBe(false);
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('derives the file type filter from the name unless filters are given', () => {
    expect(filtersFor('export.csv')).toEqual([{ name: 'CSV file', extensions: ['csv'] }]);
    expect(filtersFor('notes')).toBeUndefined();
    expect(filtersFor('a.xlsx', [{ name: 'Any', extensions: ['*'] }])).toEqual([{ name: 'Any', extensions: ['*'] }]);
  });
});
