import { displayPhone } from '../rules/contact-phone.js';

/**
 * Notifications are stored as a code with parameters, so each user reads them in their language.
 * The renderer words each code from its `notifications` catalogue; the server keeps
 * the English text below as the fallback (and for clients that do not know a code).
 */
export const NOTIFICATION_CODES = [
  'whatsapp.needs_qr',
  'whatsapp.needs_attention',
  'product.low_stock',
  'task.assigned',
  'task.commented',
  'lead.assigned',
  'leads.assigned',
  'demo.welcome',
  'note.mentioned',
  'chat.handed_over',
  'order.cancelled',
  'order.confirmation_expired',
  'message.media_unavailable',
] as const;
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

/** A parameter is a name, a number or a short code (never a sentence: that would stay English). */
export type NotificationParams = Record<string, string | number>;

/**
 * The parameters naming a contact: `contactName` (its name, '' when it has none) and
 * `contactPhone` (its number, '' when WhatsApp gave only an id), for a client to word as it shows
 * contacts elsewhere; `name` is the two already joined (the name, else the stored phone), which the
 * English text uses and clients written before the two existed read.
 */
export type ContactNotificationParams = { name: string; contactName: string; contactPhone: string };

export function contactNotificationParams(contact: { name: string | null; phone: string | null }): ContactNotificationParams {
  const name = contact.name?.trim() ?? '';
  const phone = contact.phone?.trim() ?? '';
  return { name: name || phone, contactName: name, contactPhone: displayPhone(phone) ?? '' };
}

/** Why WhatsApp needs a new QR scan: the `reason` parameter of `whatsapp.needs_qr`. */
export const WHATSAPP_QR_REASONS = ['logged_out', 'not_answering', 'reconnect_failed', 'auth_failure'] as const;
export type WhatsAppQrReason = (typeof WHATSAPP_QR_REASONS)[number];

/** The English of each reason (also the WhatsApp status's `reason` text). */
export const WHATSAPP_QR_REASON_TEXTS: Record<WhatsAppQrReason, string> = {
  logged_out: 'WhatsApp was logged out from the phone. Scan the QR code again to reconnect.',
  not_answering: 'WhatsApp stopped answering. Scan the QR code again to reconnect.',
  reconnect_failed: 'WhatsApp could not reconnect. Scan the QR code again.',
  auth_failure: 'WhatsApp refused the stored session. Scan the QR code again.',
};

/** Why the official WhatsApp API connection needs an admin: the `reason` parameter of `whatsapp.needs_attention`. */
export const WHATSAPP_ATTENTION_REASONS = ['token_invalid', 'account_locked'] as const;
export type WhatsAppAttentionReason = (typeof WHATSAPP_ATTENTION_REASONS)[number];

/** The English of each reason (also the WhatsApp status's `reason` text). */
export const WHATSAPP_ATTENTION_REASON_TEXTS: Record<WhatsAppAttentionReason, string> = {
  token_invalid: 'Meta refused the access token (expired or revoked). Enter a new one in the WhatsApp settings.',
  account_locked: 'Meta has locked this WhatsApp Business account. Check it in Meta Business Suite.',
};

/** English text of each code; `{{name}}` is replaced by the parameter. */
export const NOTIFICATION_TEXTS: Record<NotificationCode, string> = {
  'whatsapp.needs_qr': 'WhatsApp needs a new QR scan: {{reason}}',
  'whatsapp.needs_attention': 'The official WhatsApp connection needs attention: {{reason}}',
  'product.low_stock': 'Low stock: {{name}} is down to {{stock}} (minimum {{min}}).',
  'task.assigned': '{{by}} assigned you a task: {{title}}',
  'task.commented': '{{by}} commented on your task: {{title}}',
  'lead.assigned': 'A lead was assigned to you: {{name}}',
  'leads.assigned': '{{count}} leads were assigned to you.',
  'note.mentioned': '{{by}} mentioned you in a note on {{name}}',
  'chat.handed_over': '{{by}} handed the chat with {{name}} over to you',
  'order.cancelled': '{{name}} cancelled their order (replied to the confirmation message).',
  'order.confirmation_expired': '{{name}} did not answer the order confirmation.',
  'message.media_unavailable': 'A file {{name}} sent on WhatsApp could not be downloaded and is no longer available.',
  'demo.welcome': 'Welcome to {{company}}! This is your notification bell: WhatsApp alerts, tasks and low stock show up here.',
};

export const isNotificationCode = (value: unknown): value is NotificationCode => typeof value === 'string' && (NOTIFICATION_CODES as readonly string[]).includes(value);

/** The English text of a code with its parameters (the server stores it as the fallback). */
export function notificationText(code: NotificationCode, params: NotificationParams = {}): string {
  const words: NotificationParams = { ...params };
  if (code === 'whatsapp.needs_qr' && typeof params.reason === 'string' && params.reason in WHATSAPP_QR_REASON_TEXTS) {
    words.reason = WHATSAPP_QR_REASON_TEXTS[params.reason as WhatsAppQrReason];
  }
  if (code === 'whatsapp.needs_attention' && typeof params.reason === 'string' && params.reason in WHATSAPP_ATTENTION_REASON_TEXTS) {
    words.reason = WHATSAPP_ATTENTION_REASON_TEXTS[params.reason as WhatsAppAttentionReason];
  }
  return NOTIFICATION_TEXTS[code].replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in words ? String(words[name]) : whole));
}
