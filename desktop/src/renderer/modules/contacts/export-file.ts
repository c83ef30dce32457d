import { bridge } from '../../lib/bridge';

/**
 * Hands a downloaded file to the bridge: Electron asks where to save it, a browser downloads it.
 * Returns false when the user cancelled the save dialog.
 */
export async function saveDownloadedFile(blob: Blob, defaultName: string, filter: { name: string; extensions: string[] }): Promise<boolean> {
  const data = new Uint8Array(await blob.arrayBuffer());
  const result = await bridge.saveFile({ defaultName, data, filters: [filter] });
  if (!result.ok) throw new Error(result.error);
  return result.value.saved;
}
