import { z } from 'zod';
import { emailSchema, newPasswordSchema, roleSchema } from '../auth/auth.schema.js';
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../constants.js';
import { isCalendarDay } from '../rules/day-range.js';
import { numericInput } from '../shared/inputs.js';
import { tenantSchema } from '../tenants/tenants.schema.js';
import { teamUserSchema } from '../users/users.schema.js';

/*
 * The super administrator's API (/api/super/*, super token only). One contract for the server's
 * validation and the renderer's screens. Amounts are US dollars (SUBSCRIPTION_CURRENCY).
 */

/** A company as the super area lists and shows it: the tenant plus its staff and WhatsApp counts. */
export const tenantWithStatsSchema = tenantSchema.extend({
  stats: z.object({ adminCount: z.number(), salesCount: z.number(), waCount: z.number() }),
});
export type TenantWithStats = z.infer<typeof tenantWithStatsSchema>;

/** GET /super/stats: platform totals over every company's subscription. */
export const superStatsSchema = z.object({
  totalTenants: z.number(),
  activeTenants: z.number(),
  /** Companies whose subscription has expired (marked, or past its expiry date). */
  expiredTenants: z.number(),
  totalRevenue: z.number(),
  totalPaid: z.number(),
  totalRemaining: z.number(),
});
export type SuperStats = z.infer<typeof superStatsSchema>;

/** PATCH /super/tenants/{id}: suspend (false) or re-activate (true) a company. */
export const updateTenantStatusSchema = z.object({
  isActive: z.boolean({ message: 'isActive must be true or false' }),
});
export type UpdateTenantStatusRequest = z.infer<typeof updateTenantStatusSchema>;

const amount = (field: string) => numericInput(z.number().min(0, `${field} must be 0 or more`).max(1_000_000_000, `${field} is too large`), `${field} must be a number`);

/**
 * PATCH /super/tenants/{id}/subscription. remainingAmount is never sent: the server computes it
 * (subscriptionRemaining). expiresAt is an ISO date-time or a calendar day (YYYY-MM-DD, read as the
 * end of that day in the company's time zone by the server); null or blank clears it.
 */
export const updateSubscriptionSchema = z.object({
  type: z.enum(SUBSCRIPTION_TYPES, { message: `Type must be one of ${SUBSCRIPTION_TYPES.join(', ')}` }),
  status: z.enum(SUBSCRIPTION_STATUSES, { message: `Status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}` }),
  expiresAt: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string()
      // the calendar day must exist (a JS Date would read 2026-02-30 as 2 March)
      .refine((s) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(s) && isCalendarDay(s.slice(0, 10)) && !Number.isNaN(new Date(s).getTime()), {
        message: 'Expiry must be a valid date',
      })
      .nullable(),
  ),
  price: amount('Price'),
  paidAmount: amount('Paid amount'),
});
export type UpdateSubscriptionRequest = z.infer<typeof updateSubscriptionSchema>;
export type UpdateSubscriptionInput = z.input<typeof updateSubscriptionSchema>;

/** What a super action was; the audit log's vocabulary. */
export const AUDIT_ACTIONS = [
  'tenant.created',
  'tenant.suspended',
  'tenant.reactivated',
  'tenant.subscription_changed',
  'tenant.subscription_expired',
  'tenant.deleted',
  'user.created',
  'user.updated',
  'user.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /super/tenants/{id}/audit: one entry, newest first. actorName is null for the system (the expiry job). */
export const auditEntrySchema = z.object({
  _id: z.uuid(),
  at: z.string(),
  actorName: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The user concerned, for user actions (name at the time). */
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /super/users: a user of any company, with the company (never a password hash). */
export const superUserSchema = teamUserSchema.extend({
  tenant: z.object({ _id: z.uuid(), name: z.string() }),
});
export type SuperUser = z.infer<typeof superUserSchema>;

const nameSchema = z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters');

/** POST /super/users: name, email, password and company required; role defaults to sales. */
export const createSuperUserSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleSchema.default('sales'),
  tenantId: z.uuid({ message: 'Company is required' }),
});
export type CreateSuperUserRequest = z.infer<typeof createSuperUserSchema>;
export type CreateSuperUserInput = z.input<typeof createSuperUserSchema>;

/** PATCH /super/users/{id}: any field; a blank password keeps the current one. */
export const updateSuperUserSchema = z.object({
  name: nameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  isActive: z.boolean({ message: 'isActive must be true or false' }).optional(),
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), newPasswordSchema.optional()),
});
export type UpdateSuperUserRequest = z.infer<typeof updateSuperUserSchema>;
export type UpdateSuperUserInput = z.input<typeof updateSuperUserSchema>;

const pageInput = numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number');
const limitInput = numericInput(z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(50), 'limit must be a number');

const searchInput = (description: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(200).optional().meta({ description }));

/** GET /super/users: every company's users, paged on the server; q matches name or email (any case). */
export const superUsersQuerySchema = z.object({
  q: searchInput('Name or email contains this (any case)'),
  tenantId: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.uuid({ message: 'Invalid company id' }).optional().meta({ description: 'Only this company' })),
  page: pageInput,
  limit: limitInput,
});
export type SuperUsersQuery = z.infer<typeof superUsersQuerySchema>;

/**
 * GET /super/tenants: the companies, newest first, paged on the server; q matches name or slug
 * (any case). The page parameters are GET /super/users' (same texts, same cap of 200).
 */
export const superTenantsQuerySchema = z.object({
  q: searchInput('Company name or slug contains this (any case)'),
  page: pageInput,
  limit: limitInput,
});
export type SuperTenantsQuery = z.infer<typeof superTenantsQuerySchema>;

export const tenantWithStatsListSchema = z.object({ items: z.array(tenantWithStatsSchema), total: z.number() });
export type TenantWithStatsList = z.infer<typeof tenantWithStatsListSchema>;

export const superUserListSchema = z.object({ items: z.array(superUserSchema), total: z.number() });
export type SuperUserList = z.infer<typeof superUserListSchema>;

/** DELETE /super/tenants/{id}: what was removed, rows per table. */
export const tenantDeletionSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  removed: z.record(z.string(), z.number()),
});
export type TenantDeletion = z.infer<typeof tenantDeletionSchema>;
