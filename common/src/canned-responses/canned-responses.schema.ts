import { z } from 'zod';

export const CANNED_RESPONSE_REQUIRED_MESSAGE = 'Title and text are required.';

const required = z
  .string({ message: CANNED_RESPONSE_REQUIRED_MESSAGE })
  .trim()
  .min(1, CANNED_RESPONSE_REQUIRED_MESSAGE);

/** spec/admin.md §5: title and text must both be non-empty after trimming. */
export const cannedResponseInputSchema = z.object({
  title: required.max(200, 'Title must be at most 200 characters'),
  text: required.max(4096, 'Text must be at most 4096 characters'),
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
