import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../auth/auth.schema.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../constants.js';

export const slugSchema = z
  .string({ message: 'Slug is required' })
  .trim()
  .toLowerCase()
  .min(2, 'Slug must be at least 2 characters')
  .max(63, 'Slug must be at most 63 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain only lowercase letters, digits and single dashes');

export const createTenantSchema = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200),
  slug: slugSchema,
  adminName: z.string().trim().max(200).optional(),
  adminEmail: emailSchema,
  adminPassword: newPasswordSchema,
});
export type CreateTenantRequest = z.infer<typeof createTenantSchema>;

export const subscriptionSchema = z.object({
  type: z.enum(SUBSCRIPTION_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  expiresAt: z.string().nullable(),
  price: z.number(),
  paidAmount: z.number(),
  remainingAmount: z.number(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const tenantSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  subscription: subscriptionSchema,
});
export type Tenant = z.infer<typeof tenantSchema>;
