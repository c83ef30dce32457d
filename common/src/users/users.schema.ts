import { z } from 'zod';
import { authUserSchema } from '../auth/auth.schema.js';

/** A tenant user as listed for colleagues (assignment pickers, team screens). */
export const userSummarySchema = authUserSchema;
export type UserSummary = z.infer<typeof userSummarySchema>;
