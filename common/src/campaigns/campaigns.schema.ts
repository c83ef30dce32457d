import { z } from 'zod';
import { CONTACT_STAGES, PIPELINE_STATUSES } from '../constants.js';
import { LABEL_MATCHES, MAX_LABELS_PER_REQUEST } from '../labels/labels.schema.js';
import { DEFAULT_OPT_OUT_KEYWORDS } from '../rules/sending.js';
import { isValidTimeZone } from '../rules/day-range.js';
import { numericInput } from '../shared/inputs.js';
import { dateBoundSchema } from '../contacts/contacts.schema.js';
import { templateMessageSchema } from '../whatsapp/whatsapp-templates.schema.js';

/*
 * Campaigns (one message to many contacts, paced), the company's sending settings and opt-out.
 */

// ---------------------------------------------------------------- Settings → Sending

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must be written HH:MM');

export const sendingSettingsSchema = z
  .object({
    /** The most automated messages a day, once warmed up. */
    dailyCap: z.number().int().min(1, 'The daily cap must be at least 1').max(10_000, 'The daily cap must be at most 10,000'),
    /** A random wait between two automated sends, from min to max seconds. */
    minIntervalSeconds: z.number().int().min(1, 'The interval must be at least 1 second').max(3_600),
    maxIntervalSeconds: z.number().int().min(1, 'The interval must be at least 1 second').max(3_600),
    /** Automated messages leave only between these times, in `timeZone`. */
    sendingHours: z.object({ from: clockTime, to: clockTime }),
    timeZone: z.string().refine(isValidTimeZone, { message: 'timeZone must be an IANA time zone such as Africa/Cairo' }),
    /** A new number starts low and may send more each day. `startedOn`: its first day (set by the server). */
    warmUp: z.object({
      enabled: z.boolean(),
      startCap: z.number().int().min(1).max(10_000),
      dailyIncrease: z.number().int().min(0).max(10_000),
      startedOn: z.string().nullable(),
    }),
    /** A campaign pauses itself when this many of its last `failureWindow` sends failed. */
    failureThreshold: z.number().int().min(1).max(100),
    failureWindow: z.number().int().min(1).max(100),
    /** Replies that opt a contact out (compared trimmed, in any case, Arabic letter forms folded). */
    optOutKeywords: z.array(z.string().trim().min(1).max(40)).max(50),
  })
  .refine((s) => s.maxIntervalSeconds >= s.minIntervalSeconds, { message: 'The longest interval must not be shorter than the shortest', path: ['maxIntervalSeconds'] })
  .refine((s) => s.failureThreshold <= s.failureWindow, { message: 'The failure threshold cannot be above the number of sends it looks at', path: ['failureThreshold'] });
export type SendingSettings = z.infer<typeof sendingSettingsSchema>;

/** PUT: the settings; `restartWarmUp` starts the warm-up again from today (a new number). */
export const sendingSettingsInputSchema = sendingSettingsSchema.and(z.object({ restartWarmUp: z.boolean().optional() }));
export type SendingSettingsInput = z.infer<typeof sendingSettingsInputSchema>;

export const DEFAULT_SENDING_SETTINGS: SendingSettings = {
  dailyCap: 200,
  minIntervalSeconds: 20,
  maxIntervalSeconds: 60,
  sendingHours: { from: '09:00', to: '21:00' },
  timeZone: 'Africa/Cairo',
  warmUp: { enabled: true, startCap: 20, dailyIncrease: 10, startedOn: null },
  failureThreshold: 5,
  failureWindow: 10,
  optOutKeywords: DEFAULT_OPT_OUT_KEYWORDS,
};

// ---------------------------------------------------------------- opt-out

export const optOutSchema = z.object({
  optedOut: z.boolean(),
  /** When, and the reply that did it (null when set by hand). */
  at: z.string().nullable(),
  keyword: z.string().nullable(),
});
export type OptOut = z.infer<typeof optOutSchema>;

// ---------------------------------------------------------------- campaigns

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const RECIPIENT_STATUSES = ['pending', 'sending', 'sent', 'delivered', 'read', 'replied', 'failed', 'skipped'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
/** Why a campaign paused itself, or a recipient was skipped or failed: codes the renderer words. */
export const CAMPAIGN_PAUSE_REASONS = ['manual', 'failures', 'whatsapp_disconnected'] as const;
export type CampaignPauseReason = (typeof CAMPAIGN_PAUSE_REASONS)[number];
export const RECIPIENT_SKIP_REASONS = ['opted_out', 'duplicate_number', 'cancelled', 'window_closed'] as const;

export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_MESSAGE_MAX = 4_000;
export const CAMPAIGN_SAMPLE_SIZE = 5;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Who gets it: the leads list's filters (the same server code counts and selects them). */
export const campaignAudienceSchema = z.object({
  stage: z.preprocess(blankToUndefined, z.enum(CONTACT_STAGES).optional()),
  pipeline_status: z.preprocess(blankToUndefined, z.enum(PIPELINE_STATUSES).optional()),
  assignedTo: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => v === 'unassigned' || z.uuid().safeParse(v).success, { message: "assignedTo must be a user id or 'unassigned'" })
      .optional(),
  ),
  productId: z.preprocess(blankToUndefined, z.uuid().optional()),
  governorate: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  from: z.preprocess(blankToUndefined, dateBoundSchema.optional()),
  to: z.preprocess(blankToUndefined, dateBoundSchema.optional()),
  labels: z.array(z.uuid()).max(MAX_LABELS_PER_REQUEST).optional(),
  labelMatch: z.enum(LABEL_MATCHES).default('any'),
});
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

export const campaignMediaSchema = z.object({ path: z.string().min(1).max(500), fileName: z.string().max(255).nullable().optional() });

/**
 * The approved WhatsApp template a recipient outside the official API's 24-hour window gets
 * instead of the message (its params may hold `{name}` / `{agent}`; a blank `{{1}}` is the name).
 * None: such recipients are skipped (window_closed). A company linked by QR ignores it.
 */
export const campaignWhatsAppTemplateSchema = templateMessageSchema;
export type CampaignWhatsAppTemplate = z.infer<typeof campaignWhatsAppTemplateSchema>;

export const campaignInputSchema = z.object({
  name: z.string().trim().min(1, 'Campaign name is required.').max(CAMPAIGN_NAME_MAX),
  audience: campaignAudienceSchema,
  message: z.string().trim().max(CAMPAIGN_MESSAGE_MAX).default(''),
  media: campaignMediaSchema.nullable().optional(),
  whatsappTemplate: campaignWhatsAppTemplateSchema.nullable().optional(),
  /** When to start (ISO); null or absent: when started. */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;
export const campaignPatchSchema = campaignInputSchema.partial();
export type CampaignPatch = z.infer<typeof campaignPatchSchema>;

export const campaignCountsSchema = z.object({
  total: z.number(),
  pending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  replied: z.number(),
  failed: z.number(),
  skipped: z.number(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignSchema = z.object({
  _id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  audience: campaignAudienceSchema,
  message: z.string(),
  media: campaignMediaSchema.nullable(),
  whatsappTemplate: campaignWhatsAppTemplateSchema.nullable(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pausedReason: z.enum(CAMPAIGN_PAUSE_REASONS).nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  counts: campaignCountsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListQuerySchema = z.object({
  page: numericInput(z.number().int().min(1).default(1), 'page must be a number'),
  limit: numericInput(z.number().int().min(1).max(100).default(20), 'limit must be a number'),
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignRecipientSchema = z.object({
  _id: z.string(),
  contactId: z.string(),
  name: z.string().nullable(),
  phone: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  /** Why it failed or was skipped: a code (RECIPIENT_SKIP_REASONS, or a message error code). */
  reason: z.string().nullable(),
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type CampaignRecipient = z.infer<typeof campaignRecipientSchema>;

export const campaignRecipientsQuerySchema = z.object({
  page: numericInput(z.number().int().min(1).default(1), 'page must be a number'),
  limit: numericInput(z.number().int().min(1).max(200).default(50), 'limit must be a number'),
  status: z.preprocess(blankToUndefined, z.enum(RECIPIENT_STATUSES).optional()),
});
export type CampaignRecipientsQuery = z.infer<typeof campaignRecipientsQuerySchema>;

/** The live count and a few real recipients of an audience, with the message filled in for the first. */
export const audiencePreviewInputSchema = z.object({ audience: campaignAudienceSchema, message: z.string().max(CAMPAIGN_MESSAGE_MAX).optional() });
export type AudiencePreviewInput = z.infer<typeof audiencePreviewInputSchema>;
export const audiencePreviewSchema = z.object({
  count: z.number(),
  sample: z.array(z.object({ _id: z.string(), name: z.string().nullable(), phone: z.string(), agent: z.string().nullable(), optedOut: z.boolean() })),
  preview: z.string().nullable(),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

/** `campaign:progress`: a campaign's counts or status changed (to the company's admins). */
export type CampaignProgressEvent = { campaignId: string; status: CampaignStatus; pausedReason: CampaignPauseReason | null; counts: CampaignCounts };
