import { z } from 'zod';
import { reasonParamsSchema } from '../shared/reasons.js';
import { FOLLOW_UP_MAX_STEPS, FOLLOW_UP_MIN_DELAY_HOURS, ROLES } from '../constants.js';
import { FOLLOW_UP_MAX_DELAY_HOURS, FOLLOW_UP_MESSAGE_MAX, FOLLOW_UP_NAME_MAX, FOLLOW_UP_TEXTS } from '../rules/follow-up.js';

/*
 * Follow-up templates and sequences (the templates screen, and starting one for a contact:
 * POST /contacts/{id}/follow-up/start). The texts come from rules/follow-up.ts, so the form and
 * the server say the same thing.
 */

/** A delay as sent: a number (or numeric text); blank or missing reads as "not given". */
const delayInput = (v: unknown) => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return Number.NaN;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
};

export const followUpStepSchema = z.object({
  /** Hours after the previous step (the first: after the start); whole hours, at least 1. */
  delay: z.preprocess(
    delayInput,
    // a custom check first: zod's own type issue reads as "<field> is required" to the API, not the spec's text
    z
      .custom<number>((v) => typeof v === 'number' && Number.isFinite(v), { message: FOLLOW_UP_TEXTS.stepsRequired })
      .meta({ type: 'integer', minimum: FOLLOW_UP_MIN_DELAY_HOURS, maximum: FOLLOW_UP_MAX_DELAY_HOURS })
      .pipe(
        z
          .number()
          .refine(Number.isInteger, FOLLOW_UP_TEXTS.delayWholeHours)
          .refine((v) => v >= FOLLOW_UP_MIN_DELAY_HOURS, FOLLOW_UP_TEXTS.delayWholeHours)
          .refine((v) => v <= FOLLOW_UP_MAX_DELAY_HOURS, FOLLOW_UP_TEXTS.delayTooLong),
      ),
  ),
  /** The text; `{{name}}` becomes the contact's name. */
  message: z.preprocess(
    (v) => v ?? '',
    z.string({ message: FOLLOW_UP_TEXTS.stepsRequired }).trim().min(1, FOLLOW_UP_TEXTS.stepsRequired).max(FOLLOW_UP_MESSAGE_MAX, `A message can be at most ${FOLLOW_UP_MESSAGE_MAX} characters.`),
  ),
});
export type FollowUpStep = z.infer<typeof followUpStepSchema>;

export const followUpWhatsAppTemplateSchema = z.object({ name: z.string().trim().min(1).max(512), language: z.string().trim().min(2).max(20) });
export type FollowUpWhatsAppTemplate = z.infer<typeof followUpWhatsAppTemplateSchema>;

export const followUpTemplateInputSchema = z.object({
  name: z.preprocess(
    (v) => v ?? '',
    z.string({ message: FOLLOW_UP_TEXTS.nameRequired }).trim().min(1, FOLLOW_UP_TEXTS.nameRequired).max(FOLLOW_UP_NAME_MAX, `The name can be at most ${FOLLOW_UP_NAME_MAX} characters.`),
  ),
  /** The steps, in order: 1 to 5. */
  messages: z.preprocess(
    (v) => v ?? [],
    z.array(followUpStepSchema, { message: FOLLOW_UP_TEXTS.stepsRequired }).min(1, FOLLOW_UP_TEXTS.tooFewSteps).max(FOLLOW_UP_MAX_STEPS, FOLLOW_UP_TEXTS.tooManySteps),
  ),
  /**
   * On the official WhatsApp API: the approved WhatsApp template a step sends when the contact's
   * 24-hour window is closed (`{{1}}` = the contact's name). Without one such a step is skipped.
   */
  whatsappTemplate: followUpWhatsAppTemplateSchema.nullish(),
});
export type FollowUpTemplateInput = z.infer<typeof followUpTemplateInputSchema>;

export const followUpTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  messages: z.array(z.object({ delay: z.number(), message: z.string() })),
  /** Who created it; `role` is the role they had then (admin → a 'Team' template). Null once that user is deleted. */
  createdBy: z.object({ _id: z.string(), name: z.string(), role: z.enum(ROLES) }).nullable(),
  /** Admins may change any template; sales users the ones they created. */
  canEdit: z.boolean(),
  /** The WhatsApp template its steps send outside the 24-hour window (official API); null: such steps are skipped. */
  whatsappTemplate: followUpWhatsAppTemplateSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FollowUpTemplate = z.infer<typeof followUpTemplateSchema>;

export const startFollowUpSchema = z.object({ templateId: z.uuid({ message: 'Choose a follow-up template.' }) });
export type StartFollowUpRequest = z.infer<typeof startFollowUpSchema>;

export const FOLLOW_UP_RUN_STATUSES = ['active', 'completed', 'stopped', 'expired'] as const;
export type FollowUpRunStatus = (typeof FOLLOW_UP_RUN_STATUSES)[number];

/**
 * A step of a run, as its log shows it: scheduled (waiting for its time), sending, sent, failed
 * (WhatsApp refused it; the message is in the chat marked failed), unknown (handed to WhatsApp by a
 * process that stopped before hearing back: maybe delivered, never resent automatically), cancelled
 * (the run stopped first), expired (too late to send) or skipped (the official API's 24-hour window
 * was closed and the sequence names no WhatsApp template).
 */
export const FOLLOW_UP_STEP_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'unknown', 'cancelled', 'expired', 'skipped'] as const;
export type FollowUpStepStatus = (typeof FOLLOW_UP_STEP_STATUSES)[number];

export const followUpStepLogSchema = z.object({
  /** 1-based step number. */
  step: z.number(),
  delay: z.number(),
  message: z.string(),
  status: z.enum(FOLLOW_UP_STEP_STATUSES),
  scheduledAt: z.string(),
  sentAt: z.string().nullable(),
  /** The chat message the step became. */
  messageId: z.string().nullable(),
  /** Why it was not sent (or is not sent yet), in English. */
  reason: z.string().nullable(),
  /** The same as a code (follow-up-reasons.ts) for the user's language; null on steps logged before codes. */
  reasonCode: z.string().nullable(),
  reasonParams: reasonParamsSchema.nullable(),
});
export type FollowUpStepLog = z.infer<typeof followUpStepLogSchema>;

export const followUpRunSchema = z.object({
  _id: z.string(),
  contactId: z.string(),
  templateId: z.string().nullable(),
  templateName: z.string(),
  status: z.enum(FOLLOW_UP_RUN_STATUSES),
  /** Why it ended early (stopped or expired), in English. */
  stopReason: z.string().nullable(),
  /** The same as a code (follow-up-reasons.ts) for the user's language; null on runs ended before codes. */
  stopReasonCode: z.string().nullable(),
  stopReasonParams: reasonParamsSchema.nullable(),
  /** While WhatsApp is disconnected: why steps are waiting, in English. */
  pausedReason: z.string().nullable(),
  pausedReasonCode: z.string().nullable(),
  pausedReasonParams: reasonParamsSchema.nullable(),
  startedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  steps: z.array(followUpStepLogSchema),
});
export type FollowUpRun = z.infer<typeof followUpRunSchema>;

/** Demo/simulator only: moves the follow-up scheduler's clock forward. */
export const advanceFollowUpTimeSchema = z.object({
  hours: z.coerce
    .number({ message: 'hours must be a number' })
    .positive('hours must be positive')
    .max(24 * 365, 'At most a year at a time.'),
});
export type AdvanceFollowUpTimeRequest = z.infer<typeof advanceFollowUpTimeSchema>;
