import { z } from 'zod';
import type { ErrorCode, ErrorParams, ValidationIssue } from './error-codes.js';

/**
 * Every API answer is wrapped: `{ ok: true, data }` or `{ ok: false, error, code, params? }` with a
 * real HTTP status. `error` is English; `code` and `params` let the client say it in the user's language.
 */
export type ApiSuccess<T> = { ok: true; data: T };
/** `issues`: with `validation_failed`, the first problem of each field the request got wrong. */
export type ApiFailure = { ok: false; error: string; code: ErrorCode; params?: ErrorParams; field?: string; issues?: ValidationIssue[]; requestId?: string };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export type ListResult<T> = { items: T[]; total: number };

export const idParamSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });

/** Query-string page parameters shared by every paged list. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const messageResultSchema = z.object({ message: z.string() });

/**
 * What a client may send for a query schema's output type `T`: every parameter optional, and blank
 * ('' or null) for "no filter", which the schemas read as absent. The renderer types its query
 * parameters with this, so they follow the schemas instead of being declared twice.
 */
export type QueryParams<T> = { [K in keyof T]?: T[K] | null | '' };
