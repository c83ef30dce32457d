import { Injectable } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import type { MessageType } from '@crm/common';

export type InspectedMedia = { mime: string; ext: string; kind: Exclude<MessageType, 'text' | 'voice'> };

/** What we accept, by content (magic bytes), never by the name the client sent. */
const ALLOWED: Record<string, InspectedMedia['kind']> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/3gpp': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'audio/mpeg': 'audio',
  'audio/mp4': 'audio',
  'audio/x-m4a': 'audio',
  'audio/aac': 'audio',
  'audio/wav': 'audio',
  'audio/x-wav': 'audio',
  'audio/amr': 'audio',
  'audio/webm': 'audio',
  'application/pdf': 'document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'document',
  'application/x-cfb': 'document', // .doc, .xls, .ppt
  'application/zip': 'document',
  'application/vnd.oasis.opendocument.text': 'document',
  'application/vnd.oasis.opendocument.spreadsheet': 'document',
};

const EXTENSIONS: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/x-m4a': 'm4a',
  'audio/opus': 'opus',
  'application/x-cfb': 'doc',
};

@Injectable()
export class MediaInspector {
  /** The real type of the bytes, or undefined when it is not something we accept (executables, HTML, SVG…). */
  async inspect(data: Buffer, fileName?: string): Promise<InspectedMedia | undefined> {
    const detected = await fileTypeFromBuffer(data);
    if (detected) {
      let mime = (detected.mime as string).replace(/;.*$/, '');
      // a WebM holding only audio (what MediaRecorder writes for voice notes) is audio
      if (mime === 'video/webm' && isAudioOnlyWebm(data)) mime = 'audio/webm';
      const kind = ALLOWED[mime];
      if (!kind) return undefined;
      const ext = mime === 'application/x-cfb' ? cfbExtension(fileName) : (EXTENSIONS[mime] ?? detected.ext);
      return { mime, ext, kind };
    }
    // plain text and CSV have no magic bytes: accept them only when the bytes really are text
    if (isPlainText(data)) {
      const csv = /\.csv$/i.test(fileName ?? '');
      return { mime: csv ? 'text/csv' : 'text/plain', ext: csv ? 'csv' : 'txt', kind: 'document' };
    }
    return undefined;
  }
}

function cfbExtension(fileName?: string): string {
  const ext = /\.(doc|xls|ppt)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  return ext ?? 'doc';
}

/** UTF-8 without NUL or other control bytes (tabs and newlines aside). */
function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  const sample = data.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte === 0 || (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12)) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length < data.length ? sample.subarray(0, lastCharBoundary(sample)) : sample);
    return true;
  } catch {
    return false;
  }
}

function lastCharBoundary(buf: Buffer): number {
  let end = buf.length;
  // do not cut a multi-byte character in half at the sample's end
  while (end > 0 && (buf[end - 1] & 0xc0) === 0x80) end--;
  return end > 0 && buf[end - 1] >= 0xc0 ? end - 1 : buf.length;
}

/** True when a WebM's tracks are all audio (TrackType 2), judged from the first KB of the header. */
function isAudioOnlyWebm(data: Buffer): boolean {
  const head = data.subarray(0, 4096);
  // TrackType element: id 0x83, size 0x81, value 1 (video) or 2 (audio)
  let audio = false;
  for (let i = 0; i + 2 < head.length; i++) {
    if (head[i] === 0x83 && head[i + 1] === 0x81) {
      if (head[i + 2] === 1) return false;
      if (head[i + 2] === 2) audio = true;
    }
  }
  return audio;
}
