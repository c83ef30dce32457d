import type { MessageType } from '../messages/messages.schema.js';

/** What the app's voice recorder writes (MediaRecorder: WebM with Opus, no video). */
export const RECORDED_VOICE_MIME = 'audio/webm';

/**
 * The message type of a media file from its MIME type, for what is sent and what arrives alike.
 * Images, videos and audio by their family; anything else is a document. `audio/webm` is a voice
 * note: only the app's own recorder produces it (WhatsApp's voice notes are OGG/Opus, sent to the
 * real WhatsApp after conversion, and shown with the voice player). `voice` marks other audio as
 * a voice note (WhatsApp's "ptt" flag on an incoming OGG). Parameters (`;codecs=opus`) and case
 * are ignored.
 */
export function mediaMessageType(mime: string, options: { voice?: boolean } = {}): Exclude<MessageType, 'text'> {
  const type = mime.split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type === RECORDED_VOICE_MIME) return 'voice';
  if (type.startsWith('audio/')) return options.voice ? 'voice' : 'audio';
  return 'document';
}
