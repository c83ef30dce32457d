import { z } from 'zod';
import { templateMessageSchema } from '../whatsapp/whatsapp-templates.schema.js';

/**
 * Cash-on-delivery confirmation: when a deal is won with a shipping address, the contact is asked
 * to confirm the order ("reply 1 to confirm, 2 to cancel"). The company's settings and the state
 * of one contact's latest confirmation, as the API shows them.
 */
/** `withdrawn`: the deal stopped being won before the message went out, so it was never sent. */
export const ORDER_CONFIRMATION_STATUSES = ['scheduled', 'open', 'confirmed', 'cancelled', 'expired', 'withdrawn'] as const;
export type OrderConfirmationStatus = (typeof ORDER_CONFIRMATION_STATUSES)[number];

/** The placeholders the message texts may use (filled from the deal when it is sent). */
export const ORDER_CONFIRMATION_PLACEHOLDERS = ['{name}', '{lines}', '{total}', '{shipping}', '{address}'] as const;

export const DEFAULT_ORDER_CONFIRMATION_MESSAGES = {
  en: 'Hi {name}, please confirm your order:\n{lines}\nShipping: {shipping}\nTotal: {total}\nDeliver to: {address}\nReply 1 to confirm, 2 to cancel.',
  ar: 'مرحبًا {name}، برجاء تأكيد طلبك:\n{lines}\nالشحن: {shipping}\nالإجمالي: {total}\nالتوصيل إلى: {address}\nأرسل 1 للتأكيد أو 2 للإلغاء.',
} as const;

const MESSAGE_MAX = 2000;

export const orderConfirmationSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Minutes between the deal becoming won and the message. */
  delayMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60),
  /** Hours without an answer before the one reminder, and again before it expires. */
  reminderHours: z
    .number()
    .int()
    .min(1)
    .max(7 * 24),
  /** Which text is sent: the Arabic or the English one. */
  language: z.enum(['ar', 'en']),
  messageAr: z.string().trim().min(1).max(MESSAGE_MAX),
  messageEn: z.string().trim().min(1).max(MESSAGE_MAX),
  /**
   * On the official WhatsApp API: the approved template sent instead of the text, its body
   * parameters written with the placeholders above; its first quick-reply button confirms, the
   * second cancels. None: the text (which Meta refuses outside the 24-hour window). QR ignores it.
   */
  whatsappTemplate: templateMessageSchema.nullable().default(null),
});
export type OrderConfirmationSettings = z.infer<typeof orderConfirmationSettingsSchema>;
export const orderConfirmationSettingsInputSchema = orderConfirmationSettingsSchema;
export type OrderConfirmationSettingsInput = OrderConfirmationSettings;

export const DEFAULT_ORDER_CONFIRMATION_SETTINGS: OrderConfirmationSettings = {
  enabled: false,
  delayMinutes: 10,
  reminderHours: 12,
  language: 'ar',
  messageAr: DEFAULT_ORDER_CONFIRMATION_MESSAGES.ar,
  messageEn: DEFAULT_ORDER_CONFIRMATION_MESSAGES.en,
  whatsappTemplate: null,
};

/** What a chosen template's body parameters start as, in order (the chooser fills one per `{{n}}`). */
export const ORDER_CONFIRMATION_TEMPLATE_PARAMS = ['{name}', '{lines}', '{total}', '{shipping}', '{address}'] as const;

/** A contact's latest confirmation (null when none was ever opened). */
export const orderConfirmationSchema = z.object({
  _id: z.string(),
  contactId: z.string(),
  status: z.enum(ORDER_CONFIRMATION_STATUSES),
  sendAt: z.string(),
  sentAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;
export const contactOrderConfirmationSchema = z.object({ confirmation: orderConfirmationSchema.nullable() });

// Arabic-Indic and Eastern Arabic-Indic digits, read as the Latin ones
const DIGITS: Record<string, string> = { '١': '1', '٢': '2', '۱': '1', '۲': '2' };
const CONFIRM = new Set(['1', 'yes', 'y', 'ok', 'نعم', 'ايوه', 'أيوه', 'اه', 'تمام', 'confirm']);
const CANCEL = new Set(['2', 'no', 'n', 'لا', 'الغاء', 'إلغاء', 'cancel']);

/** What a reply says to an open confirmation: confirm, cancel, or nothing recognised. */
export function orderConfirmationAnswer(body: string): 'confirm' | 'cancel' | null {
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[١٢۱۲]/g, (d) => DIGITS[d] ?? d)
    .replace(/[.!،,\s]+$/u, '');
  if (CONFIRM.has(word)) return 'confirm';
  if (CANCEL.has(word)) return 'cancel';
  return null;
}

const BUTTON_PAYLOAD = /^order-confirmation:([0-9a-f-]{36}):(confirm|cancel)$/i;

/** The payloads of the template's two quick-reply buttons (Meta sends the pressed one back): confirm, then cancel. */
export function orderConfirmationButtons(confirmationId: string): [string, string] {
  return [`order-confirmation:${confirmationId}:confirm`, `order-confirmation:${confirmationId}:cancel`];
}

/**
 * What a reply says: a button of ours names its confirmation (a button of an older one must not
 * answer the open one); any other button is read by its payload or its text, a message by its text.
 */
export function orderConfirmationReply(body: string, buttonPayload?: string | null): { answer: 'confirm' | 'cancel'; confirmationId: string | null } | null {
  const ours = buttonPayload ? BUTTON_PAYLOAD.exec(buttonPayload.trim()) : null;
  if (ours) return { answer: ours[2].toLowerCase() as 'confirm' | 'cancel', confirmationId: ours[1].toLowerCase() };
  const answer = (buttonPayload ? orderConfirmationAnswer(buttonPayload) : null) ?? orderConfirmationAnswer(body);
  return answer ? { answer, confirmationId: null } : null;
}

export type OrderConfirmationValues = { name: string; lines: string; total: string; shipping: string; address: string };

/** The message with its placeholders filled. */
export function renderOrderConfirmation(template: string, values: OrderConfirmationValues): string {
  return template.replace(/\{(name|lines|total|shipping|address)\}/g, (_whole, key: keyof OrderConfirmationValues) => values[key]);
}
