import { z } from 'zod';
import { authUserSchema, emailSchema, newPasswordSchema, roleSchema } from '../auth/auth.schema.js';

/** A tenant user as listed for colleagues (assignment pickers, team screens). */
export const userSummarySchema = authUserSchema;
export type UserSummary = z.infer<typeof userSummarySchema>;

/** Presence as the team screen shows it: online, idle (no input for a while), otherwise offline (grey). */
export const PRESENCE_STATUSES = ['online', 'idle', 'offline'] as const;
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

/** GET /users: a user of the company as the admin's Team Users screen sees them (never a password hash). */
export const teamUserSchema = authUserSchema.extend({
  status: presenceStatusSchema,
  isOnline: z.boolean(),
  /** Last time the user was seen (a request or a socket); null when never seen. */
  lastSeen: z.string().nullable(),
  /** Last time the user did something (an API request). */
  lastActionAt: z.string().nullable(),
  firstLogin: z.string().nullable(),
});
export type TeamUser = z.infer<typeof teamUserSchema>;

const nameSchema = z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');

/** POST /users: an admin adds a colleague (sales unless said otherwise, active). */
export const createUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.default('sales'),
});
export type CreateUserRequest = z.infer<typeof createUserSchema>;
export type CreateUserInput = z.input<typeof createUserSchema>;

/** PUT /users/{id}: any of the fields; a blank (or absent) password keeps the current one. */
export const updateUserSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  isActive: z.boolean({ message: 'isActive must be true or false' }).optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional()),
});
export type UpdateUserRequest = z.infer<typeof updateUserSchema>;
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** GET /users/{id}/sessions: one sign-in. logoutTime absent (null) = still active; duration in seconds once ended. */
export const userSessionSchema = z.object({
  _id: z.uuid(),
  loginTime: z.string(),
  logoutTime: z.string().nullable(),
  duration: z.number().nullable(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
