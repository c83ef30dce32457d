import { z } from 'zod';

export const CANNED_RESPONSE_REQUIRED_MESSAGE = 'Title and text are required.';

const required = z.string({ message: CANNED_RESPONSE_REQUIRED_MESSAGE }).trim().min(1, CANNED_RESPONSE_REQUIRED_MESSAGE);

/** Title and text must both be non-empty after trimming. */
const requiredField = (max: number, label: string) => z.preprocess((v) => v ?? '', required.max(max, `${label} must be at most ${max} characters`));

export const cannedResponseInputSchema = z.object({
  title: requiredField(200, 'Title'),
  text: requiredField(4096, 'Text'),
});
export type CannedResponseInput = z.infer<typeof cannedResponseInputSchema>;

export const cannedResponseSchema = z.object({
  _id: z.string(),
  title: z.string(),
  text: z.string(),
  createdBy: z.string().nullable(),
  /** Admins may change any; sales users the ones they created. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedResponse = z.infer<typeof cannedResponseSchema>;
