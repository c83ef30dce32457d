import { z } from 'zod';
import { pageQuerySchema } from '../api/envelope.js';

/** A scheduled message's life: waiting for its time, then sent, failed (with a reason) or cancelled by a person. */
export const SCHEDULED_MESSAGE_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type ScheduledMessageStatus = (typeof SCHEDULED_MESSAGE_STATUSES)[number];

/** Why a scheduled message was not sent: the 24-hour window of the official API was closed, or WhatsApp refused it. */
export const SCHEDULED_MESSAGE_FAILURES = ['window_closed', 'send_failed', 'unknown'] as const;
export type ScheduledMessageFailure = (typeof SCHEDULED_MESSAGE_FAILURES)[number];

export const SCHEDULED_MESSAGE_TEXT_REQUIRED = 'Write a message or attach a file.';

const body = z.string().trim().max(4096, 'Message must be at most 4096 characters');
const sendAt = z.iso.datetime({ offset: true, message: 'sendAt must be a date and time' });
const media = z.object({ path: z.string().min(1).max(500), fileName: z.string().max(255).nullish() });

/** Schedules a message to a contact (text and/or a file uploaded with POST /messages/upload), sent at `sendAt`. */
export const createScheduledMessageSchema = z
  .object({ contactId: z.uuid({ message: 'contactId must be a contact id' }), body: body.optional(), sendAt, media: media.optional() })
  .refine((m) => !!m.body || !!m.media, { message: SCHEDULED_MESSAGE_TEXT_REQUIRED, path: ['body'] });
export type CreateScheduledMessageRequest = z.infer<typeof createScheduledMessageSchema>;

/** Changes the text or the time of a message still scheduled. */
export const updateScheduledMessageSchema = z
  .object({ body: body.optional(), sendAt: sendAt.optional() })
  .refine((m) => m.body !== undefined || m.sendAt !== undefined, { message: 'Change the text or the time', path: ['body'] });
export type UpdateScheduledMessageRequest = z.infer<typeof updateScheduledMessageSchema>;

export const scheduledMessagesQuerySchema = pageQuerySchema.extend({ contactId: z.uuid({ message: 'contactId must be a contact id' }) });
export type ScheduledMessagesQuery = z.infer<typeof scheduledMessagesQuerySchema>;

export const scheduledMessageSchema = z.object({
  _id: z.string(),
  contactId: z.string(),
  body: z.string(),
  media: z.object({ fileName: z.string().nullable() }).nullable(),
  sendAt: z.string(),
  status: z.enum(SCHEDULED_MESSAGE_STATUSES),
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Sent after its time because WhatsApp was not connected then. */
  late: z.boolean(),
  messageId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;
