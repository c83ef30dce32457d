import { z } from 'zod';
import { LANGUAGES, LEAD_DISTRIBUTION_STRATEGIES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.js';

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

export const languageSchema = z.enum(LANGUAGES, { message: 'Language must be en or ar' });

/** What each user chooses for themselves, kept with the user so it follows them to another machine. */
export const userPreferencesSchema = z.object({
  language: languageSchema,
  /** Arabic-Indic digits (٠١٢) in Arabic; Latin digits (the default) are what Egyptian shops mostly use. */
  arabicDigits: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** PATCH /auth/me/preferences: either or both. */
export const updatePreferencesSchema = z
  .strictObject({ language: languageSchema.optional(), arabicDigits: z.boolean({ message: 'arabicDigits must be true or false' }).optional() })
  .refine((v) => v.language !== undefined || v.arabicDigits !== undefined, { message: 'Nothing to change: send language or arabicDigits' });
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesSchema>;

/** The signed-in user as /auth/me and sign-in return it: the user plus their own preferences (colleagues' lists leave them out). */
export const currentUserSchema = authUserSchema.extend({
  /** The company's name (quick replies fill `{company}` with it). */
  companyName: z.string(),
  ...userPreferencesSchema.shape,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginResponseSchema = currentUserSchema.extend({ token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const usersQuerySchema = z.object({ role: roleSchema.optional() });
export type UsersQuery = z.infer<typeof usersQuerySchema>;

const leadDistributionStrategySchema = z.enum(LEAD_DISTRIBUTION_STRATEGIES, {
  message: 'leadDistributionStrategy must be round-robin or manual',
});
const skipOfflineRepsSchema = z.boolean({ message: 'skipOfflineReps must be true or false' });

export const tenantSettingsSchema = z.object({
  leadDistributionStrategy: leadDistributionStrategySchema,
  /**
   * Beyond the spec: round-robin passes over reps who are not connected (when every rep is
   * offline, it deals to all active reps, so no lead is left unassigned).
   */
  skipOfflineReps: skipOfflineRepsSchema,
  /** Sales users may hand their own chats over to a colleague (admins always may). */
  repsMayHandOver: z.boolean({ message: 'repsMayHandOver must be true or false' }),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

/** The spec reads `data.settings` on GET and sends the settings object on PUT (skipOfflineReps unchanged when left out). */
export const tenantSettingsResponseSchema = z.object({ settings: tenantSettingsSchema });
const tenantSettingsInputSchema = z.object({
  leadDistributionStrategy: leadDistributionStrategySchema,
  skipOfflineReps: skipOfflineRepsSchema.optional(),
  repsMayHandOver: z.boolean({ message: 'repsMayHandOver must be true or false' }).optional(),
});
export const updateTenantSettingsSchema = z.preprocess((v) => (v && typeof v === 'object' && 'settings' in v ? (v as { settings: unknown }).settings : v), tenantSettingsInputSchema);
export type UpdateTenantSettingsRequest = z.infer<typeof tenantSettingsInputSchema>;

export const platformAdminSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.literal('super'),
});
export type PlatformAdmin = z.infer<typeof platformAdminSchema>;
export const superLoginResponseSchema = platformAdminSchema.extend({ token: z.string() });
export type SuperLoginResponse = z.infer<typeof superLoginResponseSchema>;
