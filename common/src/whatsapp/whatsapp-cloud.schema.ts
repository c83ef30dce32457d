import { z } from 'zod';

const digits = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, `${field} is the number Meta shows (digits only)`);
const secret = (field: string, min: number) => z.string().trim().min(min, `${field} is required`).max(1024);

/**
 * A company's connection to Meta's official WhatsApp Business Cloud API (PUT /whatsapp/cloud). The
 * IDs come from the Meta app's WhatsApp set-up page; the access token should be a permanent
 * (system user) token; the verify token is any text the admin chooses and also types into Meta's
 * webhook form.
 */
export const whatsAppCloudSettingsSchema = z.object({
  phoneNumberId: digits('phoneNumberId'),
  businessAccountId: digits('businessAccountId'),
  accessToken: secret('accessToken', 20),
  appSecret: secret('appSecret', 8),
  verifyToken: secret('verifyToken', 8),
});
export type WhatsAppCloudSettingsRequest = z.infer<typeof whatsAppCloudSettingsSchema>;

/** `untested` until "Test connection" reached Meta; `connected` after it did; `needs_attention`: Meta refused (see reasonCode). */
export const WHATSAPP_CLOUD_STATES = ['untested', 'connected', 'needs_attention'] as const;
export type WhatsAppCloudState = (typeof WHATSAPP_CLOUD_STATES)[number];

/** The connection as the API shows it: never a secret, only its last characters. */
export const whatsAppCloudConnectionSchema = z.object({
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  /** `…` and the last 4 characters; null when the stored value cannot be read (the server's key changed). */
  accessTokenHint: z.string().nullable(),
  appSecretHint: z.string().nullable(),
  verifyTokenHint: z.string().nullable(),
  /** To paste into the Meta app's webhook settings (callback URL). */
  webhookUrl: z.string(),
  state: z.enum(WHATSAPP_CLOUD_STATES),
  /** Why it needs attention, as a WhatsApp reason code (whatsapp-reasons.ts); null otherwise. */
  reasonCode: z.string().nullable(),
  /** The same in English, with Meta's own words when it gave some. */
  reason: z.string().nullable(),
  /** What Meta reported for the number at the last successful test. */
  displayPhoneNumber: z.string().nullable(),
  verifiedName: z.string().nullable(),
  lastTestedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type WhatsAppCloudConnection = z.infer<typeof whatsAppCloudConnectionSchema>;
