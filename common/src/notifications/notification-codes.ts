/**
 * Notifications are stored as a code with parameters, so each user reads them in their language
 * (issue 10). The renderer words each code from its `notifications` catalogue; the server keeps
 * the English text below as the fallback (and for clients that do not know a code).
 */
export const NOTIFICATION_CODES = [
  'whatsapp.needs_qr',
  'product.low_stock',
  'task.assigned',
  'task.commented',
  'lead.assigned',
  'leads.assigned',
  'demo.welcome',
] as const;
export type NotificationCode = (typeof NOTIFICATION_CODES)[number];

/** A parameter is a name, a number or a short code (never a sentence: that would stay English). */
export type NotificationParams = Record<string, string | number>;

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

/** English text of each code; `{{name}}` is replaced by the parameter. */
export const NOTIFICATION_TEXTS: Record<NotificationCode, string> = {
  'whatsapp.needs_qr': 'WhatsApp needs a new QR scan: {{reason}}',
  'product.low_stock': 'Low stock: {{name}} is down to {{stock}} (minimum {{min}}).',
  'task.assigned': '{{by}} assigned you a task: {{title}}',
  'task.commented': '{{by}} commented on your task: {{title}}',
  'lead.assigned': 'A lead was assigned to you: {{name}}',
  'leads.assigned': '{{count}} leads were assigned to you.',
  'demo.welcome': 'Welcome to {{company}}! This is your notification bell: WhatsApp alerts, tasks and low stock show up here.',
};

export const isNotificationCode = (value: unknown): value is NotificationCode =>
  typeof value === 'string' && (NOTIFICATION_CODES as readonly string[]).includes(value);

/** The English text of a code with its parameters (the server stores it as the fallback). */
export function notificationText(code: NotificationCode, params: NotificationParams = {}): string {
  const words: NotificationParams = { ...params };
  if (code === 'whatsapp.needs_qr' && typeof params.reason === 'string' && params.reason in WHATSAPP_QR_REASON_TEXTS) {
    words.reason = WHATSAPP_QR_REASON_TEXTS[params.reason as WhatsAppQrReason];
  }
  return NOTIFICATION_TEXTS[code].replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) => (name in words ? String(words[name]) : whole));
}
