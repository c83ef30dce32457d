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
