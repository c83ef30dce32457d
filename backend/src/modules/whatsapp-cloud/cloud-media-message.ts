import { MESSAGE_ERROR_TEXTS } from '@crm/common';
import { WhatsAppSendError, type OutgoingContent } from '../whatsapp/whatsapp-driver.js';
import type { GraphApi } from './graph-api.js';
import type { CloudCredentials } from './whatsapp-cloud.service.js';

export type CloudMediaType = 'image' | 'video' | 'audio' | 'document' | 'sticker';

const MB = 1024 * 1024;

/**
 * Meta's size limit per media type (Cloud API, "Supported media types"): images 5 MB, video and
 * audio 16 MB, documents 100 MB, stickers 500 KB (animated; static ones 100 KB, Meta checks those).
 * Checked before the upload: Meta would refuse the file after we sent every byte of it.
 */
export const CLOUD_MEDIA_LIMITS: Record<CloudMediaType, number> = { image: 5 * MB, video: 16 * MB, audio: 16 * MB, document: 100 * MB, sticker: 500 * 1024 };

type MediaContent = Extract<OutgoingContent, { kind: 'media' }>;

/** The MIME types Meta plays as such (Cloud API, "Supported media types"); any other file goes as a document. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
const VIDEO_TYPES = new Set(['video/mp4', 'video/3gpp', 'video/3gp']);
const AUDIO_TYPES = new Set(['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg']);

/** The Cloud API type a file goes as: a document when asked, or when WhatsApp shows no other kind for it. */
export function cloudMediaTypeOf(content: MediaContent): CloudMediaType {
  const mime = content.mime.toLowerCase().replace(/;.*$/, '').trim();
  if (content.asVoice) return 'audio';
  if (content.asDocument) return 'document';
  // WebP is only a sticker on WhatsApp; a bigger one than a sticker may be still reaches the contact as a file
  if (mime === 'image/webp') return content.data.length <= CLOUD_MEDIA_LIMITS.sticker ? 'sticker' : 'document';
  if (IMAGE_TYPES.has(mime)) return 'image';
  if (VIDEO_TYPES.has(mime)) return 'video';
  if (AUDIO_TYPES.has(mime)) return 'audio';
  return 'document';
}

/** A file the type's limit refuses: the message fails for good with `media_too_large`, nothing is uploaded. */
export function checkMediaSize(type: CloudMediaType, size: number): void {
  const limit = CLOUD_MEDIA_LIMITS[type];
  if (size <= limit) return;
  const sizeMb = (size / MB).toFixed(1);
  throw new WhatsAppSendError(`${MESSAGE_ERROR_TEXTS.media_too_large} (a ${type} of ${sizeMb} MB)`, false, 'media_too_large');
}

const extensionOf: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'video/mp4': 'mp4', 'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'application/pdf': 'pdf' };

/**
 * Uploads the file to Meta and answers the message body that sends it by id: caption on images,
 * videos and documents (Meta ignores it elsewhere), the file name on documents, `voice: true` on a
 * voice note (OGG/Opus: the messages module converted the renderer's webm).
 */
export async function cloudMediaMessage(graph: GraphApi, credentials: CloudCredentials, content: MediaContent): Promise<Record<string, unknown>> {
  const type = cloudMediaTypeOf(content);
  checkMediaSize(type, content.data.length);
  const mime = content.asVoice ? 'audio/ogg' : content.mime.replace(/;.*$/, '');
  const fileName = content.fileName || `${type}.${extensionOf[mime] ?? 'bin'}`;
  const { id } = await graph.uploadMedia(credentials.phoneNumberId, credentials.accessToken, { data: content.data, mime, fileName });
  const media: Record<string, unknown> = { id };
  if (content.caption && (type === 'image' || type === 'video' || type === 'document')) media.caption = content.caption;
  if (type === 'document') media.filename = fileName;
  if (content.asVoice) media.voice = true;
  return { type, [type]: media };
}
