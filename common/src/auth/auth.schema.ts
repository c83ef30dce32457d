import { z } from 'zod';
import { LEAD_DISTRIBUTION_STRATEGIES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.js';

export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email({ message: 'Email must be a valid email address' }));

/** Login does not enforce the password policy: a wrong password should read as wrong, not as malformed. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const newPasswordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const roleSchema = z.enum(ROLES, { message: 'Role must be admin or sales' });

/** The signed-in tenant user as every client sees it. */
export const authUserSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  tenantId: z.uuid(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const loginResponseSchema = authUserSchema.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const usersQuerySchema = z.object({ role: roleSchema.optional() });
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const tenantSettingsSchema = z.object({
  leadDistributionStrategy: z.enum(LEAD_DISTRIBUTION_STRATEGIES, {
    message: 'leadDistributionStrategy must be round-robin or manual',
  }),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

/** The spec reads `data.settings` on GET and sends the settings object on PUT. */
export const tenantSettingsResponseSchema = z.object({ settings: tenantSettingsSchema });
export const updateTenantSettingsSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && 'settings' in v ? (v as { settings: unknown }).settings : v),
  tenantSettingsSchema,
);

export const platformAdminSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.literal('super'),
});
export type PlatformAdmin = z.infer<typeof platformAdminSchema>;
export const superLoginResponseSchema = platformAdminSchema.extend({ token: z.string() });
export type SuperLoginResponse = z.infer<typeof superLoginResponseSchema>;
