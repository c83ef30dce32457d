import { z } from 'zod';

/**
 * States of a company's WhatsApp session, as pushed in `wa:status` and answered by GET /whatsapp/status.
 * The specification's badge table reads `loading`/`initializing`, `not_configured`,
 * `scan`/`GOT_QR`, `connected`/`ready`; anything else is an error badge. `needs_qr` is ours: the
 * watchdog found the session dead or logged out from the phone, and an admin must scan a new QR;
 * `needs_attention`: Meta refused the official API connection (token, account) and an admin must fix its settings;
 * `disconnected`: the connection dropped and is being re-established; `error`: starting failed (see `reason`).
 */
export const WHATSAPP_STATES = ['not_configured', 'initializing', 'scan', 'connected', 'disconnected', 'needs_qr', 'needs_attention', 'error'] as const;
export type WhatsAppState = (typeof WHATSAPP_STATES)[number];

export const whatsAppStatusSchema = z.object({
  state: z.string(),
  /** True only while the session is connected and answering. */
  ready: z.boolean(),
  /** A QR image (data:image/png;base64,…) while the state is `scan`, else null. Only users with `whatsapp.session.manage` (admins) get it: null for everyone else. */
  qr: z.string().nullable(),
  tenantId: z.string(),
  /** Why the session is not connected, in English (null when connected); clients word `reasonCode`. */
  reason: z.string().nullable().optional(),
  /** The reason as a code (whatsapp-reasons.ts; none takes parameters), for the user's language; null without a reason. */
  reasonCode: z.string().nullable().optional(),
  phoneNumber: z.string().nullable().optional(),
});
export type WhatsAppStatus = z.infer<typeof whatsAppStatusSchema>;

export const createWhatsAppAccountSchema = z.object({
  name: z.string().trim().min(1).max(100).default('Default Account'),
});
export type CreateWhatsAppAccountRequest = z.infer<typeof createWhatsAppAccountSchema>;

export const whatsAppAccountSchema = z.object({
  _id: z.string(),
  name: z.string(),
  state: z.string(),
  phoneNumber: z.string().nullable(),
  lastConnectedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WhatsAppAccount = z.infer<typeof whatsAppAccountSchema>;

/** Dev-only (simulator driver): a message from a contact's phone, as WhatsApp would deliver it. */
export const devInboundSchema = z.object({
  /** Sender: a phone number (+2010…, 010…) or a WhatsApp id (`2010…@c.us` or `…@lid`). */
  from: z.string().trim().min(3, 'from is required'),
  /** The linked id (`…@lid`) WhatsApp also knows this sender by, when `from` is the phone id. */
  lid: z.string().trim().optional(),
  /** The sender's WhatsApp profile name. */
  name: z.string().trim().max(200).optional(),
  body: z.string().max(65_536).default(''),
  /** WhatsApp's message id; generated when absent (send the same id twice to test dedupe). */
  id: z.string().trim().min(1).max(200).optional(),
  media: z.object({ base64: z.string().min(1), mimeType: z.string().min(1), fileName: z.string().optional() }).optional(),
  /** Send the media as a voice note (ptt). */
  voice: z.boolean().optional(),
});
export type DevInboundRequest = z.infer<typeof devInboundSchema>;

export const devDisconnectSchema = z.object({
  /**
   * silent: the session stops answering without telling (what the watchdog must catch);
   * drop: the connection drops and the driver reports it (reconnects by itself);
   * logout: the session was logged out from the phone.
   */
  mode: z.enum(['silent', 'drop', 'logout']).default('silent'),
});
export type DevDisconnectRequest = z.infer<typeof devDisconnectSchema>;

export const devRevokeSchema = z.object({ id: z.string().trim().min(1, 'id is required') });
export type DevRevokeRequest = z.infer<typeof devRevokeSchema>;
