/**
 * Why an outgoing message failed or may not have been delivered: the message's `errorCode`
 *. `error` keeps the English, sometimes with WhatsApp's own words after it.
 */
export const MESSAGE_ERROR_CODES = [
  'not_connected',
  'not_on_whatsapp',
  'refused',
  'not_found_on_whatsapp',
  'file_missing',
  'voice_not_converted',
  'send_failed',
  'unknown_after_restart',
  'unknown_timed_out',
  'interrupted_by_restart',
  'not_finished',
  'window_closed',
  'undeliverable',
  'rate_limited',
  'pair_rate_limited',
  'token_invalid',
  'media_too_large',
  'template_refused',
  'media_unavailable',
] as const;
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[number];

/** The English of each code (the `error` text starts with it, or is it). */
export const MESSAGE_ERROR_TEXTS: Record<MessageErrorCode, string> = {
  not_connected: 'WhatsApp is not connected.',
  not_on_whatsapp: 'This number is not on WhatsApp.',
  refused: 'WhatsApp did not accept the message.',
  not_found_on_whatsapp: 'The message was not found on WhatsApp.',
  file_missing: 'The file to send is no longer available. Upload it again.',
  voice_not_converted: 'The voice note could not be converted for WhatsApp.',
  send_failed: 'Sending failed.',
  unknown_after_restart: 'Not sure this was delivered: the app stopped while sending it.',
  unknown_timed_out: 'Not sure this was delivered: WhatsApp did not answer.',
  interrupted_by_restart: 'Sending was interrupted by a restart and WhatsApp is not connected. Try again.',
  not_finished: 'Sending did not finish. Try again.',
  // the official API's refusals (Meta's codes 131047, 131026, 130429, 131056, 190)
  window_closed: 'More than 24 hours since this contact last wrote: send an approved template.',
  undeliverable: 'WhatsApp could not deliver this message to the contact (not on WhatsApp, or not reachable).',
  rate_limited: 'Too many messages from this number right now: WhatsApp asked to slow down. Try again shortly.',
  pair_rate_limited: 'Too many messages to this contact in a short time. Wait a little before sending again.',
  token_invalid: 'Meta refused the access token (expired or revoked): an admin must enter a new one in the WhatsApp settings.',
  // Meta's limits per media type, checked before the upload
  media_too_large: 'This file is too large for WhatsApp: images up to 5 MB, videos and audio up to 16 MB, stickers up to 500 KB, documents up to 100 MB.',
  // Meta's 132000 (parameters do not match) and 132001 (no such template in that language)
  template_refused: 'Meta refused this template (it does not exist in this language, or its parameters do not match). Sync the templates and try again.',
  // an inbound file Meta kept refusing to hand over until the download job gave up
  media_unavailable: 'The file of this message could not be downloaded from WhatsApp and is no longer available.',
};

export const isMessageErrorCode = (value: unknown): value is MessageErrorCode => typeof value === 'string' && (MESSAGE_ERROR_CODES as readonly string[]).includes(value);
