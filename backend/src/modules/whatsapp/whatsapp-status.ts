import { WHATSAPP_REASON_TEXTS, type Permission, type WhatsAppAccount, type WhatsAppReasonCode, type WhatsAppStatus } from '@crm/common';
import type { WhatsappAccountRow } from './whatsapp.table.js';

export const WA_TEXTS = {
  loggedOut: WHATSAPP_REASON_TEXTS.logged_out,
  notAnswering: WHATSAPP_REASON_TEXTS.not_answering,
  reconnectFailed: WHATSAPP_REASON_TEXTS.reconnect_failed,
  authFailure: WHATSAPP_REASON_TEXTS.auth_failure,
  reconnecting: WHATSAPP_REASON_TEXTS.reconnecting,
  notRunning: WHATSAPP_REASON_TEXTS.not_running,
  deleted: 'Session deleted. Please request new QR.',
  suspended: WHATSAPP_REASON_TEXTS.suspended,
} as const;

/** A status's reason: the English (`reason`, for API users) and its code (`reasonCode`, worded in the user's language). */
export const waReason = (code: WhatsAppReasonCode, detail?: string) => ({
  reason: detail ? `${WHATSAPP_REASON_TEXTS[code]} ${detail}` : WHATSAPP_REASON_TEXTS[code],
  reasonCode: code,
});

/** States in which a session runs (or tries to): a start asked meanwhile keeps it. */
export const ACTIVE = new Set(['initializing', 'scan', 'connected', 'disconnected']);

/**
 * Who links the company's WhatsApp: starts its session, and sees the QR. Whoever scans the QR links
 * their phone as the company's, so the QR image reaches only these users (HTTP and sockets); the
 * others see the state without it.
 */
export const SESSION_PERMISSION = 'whatsapp.session.manage' satisfies Permission;

/** The status as a user who may not link the session sees it: everything but the QR image. */
export const withoutQr = (status: WhatsAppStatus): WhatsAppStatus => (status.qr === null ? status : { ...status, qr: null });

export const toAccountDto = (row: WhatsappAccountRow): WhatsAppAccount => ({
  _id: row.id,
  name: row.name,
  state: row.state,
  phoneNumber: row.phoneNumber,
  lastConnectedAt: row.lastConnectedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
