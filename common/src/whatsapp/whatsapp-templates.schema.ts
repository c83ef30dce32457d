import { z } from 'zod';
import { pageQuerySchema } from '../api/envelope.js';

/*
 * The company's WhatsApp message templates on Meta's Cloud API (synced from its business
 * account): the only messages Meta lets a business send outside the 24-hour window.
 */

/** Meta's template statuses; only APPROVED ones can be sent. */
export const WHATSAPP_TEMPLATE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'PENDING_DELETION', 'LIMIT_EXCEEDED', 'ARCHIVED'] as const;
export type WhatsAppTemplateStatus = (typeof WHATSAPP_TEMPLATE_STATUSES)[number];

/** How many body parameters a template takes at most (Meta's own limit is far above any real template). */
export const WHATSAPP_TEMPLATE_MAX_PARAMS = 20;

/** Header formats a template can have; IMAGE, VIDEO and DOCUMENT take a media at send time. */
export const TEMPLATE_HEADER_FORMATS = ['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT', 'LOCATION'] as const;
export type TemplateHeaderFormat = (typeof TEMPLATE_HEADER_FORMATS)[number];
export const TEMPLATE_MEDIA_HEADERS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;

export const templateHeaderSchema = z.object({
  /** One of TEMPLATE_HEADER_FORMATS (or a format Meta added since). */
  format: z.string(),
  /** A TEXT header's text with its `{{1}}`; null for a media header. */
  text: z.string().nullable(),
  /** How many parameters it takes: 1 for a text with `{{1}}` or a media header, otherwise 0. */
  paramCount: z.number().int(),
});
export type TemplateHeader = z.infer<typeof templateHeaderSchema>;

export const templateButtonSchema = z.object({
  /** QUICK_REPLY | URL | PHONE_NUMBER | COPY_CODE | … as Meta lists it. */
  type: z.string(),
  text: z.string(),
  /** A URL button's address; a dynamic one ends in `{{1}}`, the suffix given at send time. */
  url: z.string().nullable(),
});
export type TemplateButton = z.infer<typeof templateButtonSchema>;

export const whatsAppTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** Meta's language code, e.g. en_US, ar. */
  language: z.string(),
  /** MARKETING | UTILITY | AUTHENTICATION */
  category: z.string(),
  /** One of WHATSAPP_TEMPLATE_STATUSES (or a status Meta added since). */
  status: z.string(),
  /** The body text with its `{{1}}`, `{{2}}` placeholders. */
  body: z.string(),
  /** How many body parameters it takes (the highest `{{n}}`). */
  bodyParamCount: z.number().int(),
  /** The HEADER component, null when the template has none: a text (with at most one `{{1}}`) or a media kind filled in at send time. */
  header: templateHeaderSchema.nullable(),
  /** The BUTTONS component's buttons in Meta's order (their index is the position here). */
  buttons: z.array(templateButtonSchema),
  syncedAt: z.string(),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;

/** GET /whatsapp/cloud/templates: approved ones unless `status` says otherwise (`all`: every status). */
export const whatsAppTemplatesQuerySchema = pageQuerySchema.extend({
  status: z.enum([...WHATSAPP_TEMPLATE_STATUSES, 'all']).default('APPROVED'),
});
export type WhatsAppTemplatesQuery = z.infer<typeof whatsAppTemplatesQuerySchema>;

export const whatsAppTemplatePageSchema = z.object({ items: z.array(whatsAppTemplateSchema), total: z.number() });
export type WhatsAppTemplatePage = z.infer<typeof whatsAppTemplatePageSchema>;

/** POST /whatsapp/cloud/templates/sync: what the business account holds now, and what changed here. */
export const whatsAppTemplateSyncResultSchema = z.object({ total: z.number(), added: z.number(), updated: z.number(), removed: z.number(), syncedAt: z.string() });
export type WhatsAppTemplateSyncResult = z.infer<typeof whatsAppTemplateSyncResultSchema>;

/** A template message to send: its name and language, and the body's parameters in order (`{{1}}` first). */
export const templateMessageSchema = z.object({
  name: z.string().trim().min(1, 'Choose a template.').max(512),
  language: z.string().trim().min(2).max(20),
  /** `{{1}}` left blank or out: the contact's name. */
  params: z.array(z.string().max(1024)).max(WHATSAPP_TEMPLATE_MAX_PARAMS).default([]),
  /**
   * The header's parameter: `text` for a text header's `{{1}}`; for a media header the media by
   * public `link` (https) or by `mediaId` (a media already uploaded to Meta), and a document's `filename`.
   */
  header: z
    .object({
      text: z.string().trim().max(60).optional(),
      link: z.string().trim().url().max(2048).optional(),
      mediaId: z.string().trim().min(1).max(64).optional(),
      filename: z.string().trim().max(240).optional(),
    })
    .optional(),
  /**
   * The buttons' parameters by button index (the template's order): a dynamic URL button's suffix,
   * or a quick-reply button's payload (optional: without one Meta sends back the button's text). Blank: none.
   */
  buttons: z.array(z.string().trim().max(2000)).max(10).optional(),
});
export type TemplateMessage = z.infer<typeof templateMessageSchema>;

/** The highest `{{n}}` of a template body. */
export function templateParamCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** The body as the contact reads it: `{{n}}` replaced by the n-th parameter (a missing one stays as written). */
export function fillTemplateBody(body: string, params: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

/** The parameters to send: `{{1}}` blank or missing becomes the contact's name. */
export function templateParamsFor(params: readonly string[], count: number, contactName: string): string[] {
  const filled = [...params];
  if (count >= 1 && !(filled[0] ?? '').trim()) filled[0] = contactName;
  return filled.slice(0, Math.max(count, 0));
}

/** Whether a URL button's address takes a suffix at send time (ends in `{{1}}`). */
export function isDynamicUrlButton(button: Pick<TemplateButton, 'type' | 'url'>): boolean {
  return button.type.toUpperCase() === 'URL' && templateParamCount(button.url ?? '') > 0;
}

/** Whether the header takes a media (a link or Meta's media id) when the template is sent. */
export function isMediaHeader(header: Pick<TemplateHeader, 'format'> | null | undefined): boolean {
  return !!header && (TEMPLATE_MEDIA_HEADERS as readonly string[]).includes(header.format.toUpperCase());
}
