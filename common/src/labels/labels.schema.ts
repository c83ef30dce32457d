import { z } from 'zod';

export const LABEL_NAME_REQUIRED_MESSAGE = 'Label name is required.';
export const LABEL_COLOUR_MESSAGE = 'Colour must be a hex colour like #1f9d55.';

/** How a list filter combines several labels: contacts with any of them, or with all of them. */
export const LABEL_MATCHES = ['any', 'all'] as const;
export type LabelMatch = (typeof LABEL_MATCHES)[number];

/** The most labels one filter or one bulk change names (a query string stays short). */
export const MAX_LABELS_PER_REQUEST = 50;

export const labelInputSchema = z.object({
  name: z.preprocess((v) => v ?? '', z.string({ message: LABEL_NAME_REQUIRED_MESSAGE }).trim().min(1, LABEL_NAME_REQUIRED_MESSAGE).max(60, 'Label name must be at most 60 characters')),
  colour: z
    .string({ message: LABEL_COLOUR_MESSAGE })
    .regex(/^#[0-9a-fA-F]{6}$/, LABEL_COLOUR_MESSAGE)
    .transform((c) => c.toLowerCase()),
});
export type LabelInput = z.infer<typeof labelInputSchema>;
export const labelPatchSchema = labelInputSchema.partial();
export type LabelPatch = z.infer<typeof labelPatchSchema>;

export const labelSchema = z.object({ _id: z.string(), name: z.string(), colour: z.string() });
export type Label = z.infer<typeof labelSchema>;

const labelIds = z.array(z.uuid({ message: 'labelIds must be label ids' })).max(MAX_LABELS_PER_REQUEST);

/** The labels one contact has, replacing what it had (the picker of the chat header and profile). */
export const contactLabelsInputSchema = z.object({ labelIds });
export type ContactLabelsInput = z.infer<typeof contactLabelsInputSchema>;

/** Adds and/or removes labels on many contacts at once (the leads list's bulk action). */
export const bulkContactLabelsInputSchema = z
  .object({
    contactIds: z
      .array(z.uuid({ message: 'contactIds must be contact ids' }))
      .min(1, 'Select at least one contact')
      .max(500, 'At most 500 contacts at a time'),
    add: labelIds.default([]),
    remove: labelIds.default([]),
  })
  .refine((b) => b.add.length + b.remove.length > 0, { message: 'Choose a label to add or remove', path: ['add'] });
export type BulkContactLabelsInput = z.infer<typeof bulkContactLabelsInputSchema>;

/**
 * The label filter of every list's query string: `labels=<id>,<id>` (or repeated) and
 * `labelMatch=any|all` (any when omitted).
 */
export const labelFilterQuery = {
  labels: z.preprocess((v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter(Boolean)), labelIds.optional()),
  labelMatch: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LABEL_MATCHES, { message: 'labelMatch must be any or all' }).default('any')),
};
