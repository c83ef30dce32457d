import { WHATSAPP_ATTENTION_REASON_TEXTS, WHATSAPP_QR_REASON_TEXTS, WHATSAPP_QR_REASONS } from '../notifications/notification-codes.js';

/**
 * Why the company's WhatsApp is not connected: the `reasonCode` of `wa:status` and GET
 * /whatsapp/status. The needs-QR reasons are those of the `whatsapp.needs_qr` notification.
 */
export const WHATSAPP_REASON_CODES = [...WHATSAPP_QR_REASONS, 'reconnecting', 'not_running', 'suspended', 'start_failed', 'token_invalid', 'account_locked'] as const;
export type WhatsAppReasonCode = (typeof WHATSAPP_REASON_CODES)[number];

/** The English of each code: the status's `reason` text (`start_failed` adds the driver's own words after it). */
export const WHATSAPP_REASON_TEXTS: Record<WhatsAppReasonCode, string> = {
  ...WHATSAPP_QR_REASON_TEXTS,
  reconnecting: 'The connection was lost. Reconnecting…',
  not_running: 'The WhatsApp session is not running. Start it to reconnect.',
  suspended: 'The company is suspended: WhatsApp is stopped until it is re-activated.',
  start_failed: 'Could not initialize WhatsApp connection.',
  ...WHATSAPP_ATTENTION_REASON_TEXTS,
};

export const isWhatsAppReasonCode = (value: unknown): value is WhatsAppReasonCode => typeof value === 'string' && (WHATSAPP_REASON_CODES as readonly string[]).includes(value);
