import type { ErrorCode, ErrorParams, ValidationIssue } from '@crm/common';

/**
 * A failed API call: the HTTP status (0 when the server could not be reached), the server's English
 * `error` text, and its stable `code` with `params`, from which a screen can word it in the user's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The envelope's `error` field, when the server sent one. */
    readonly serverError: string | undefined,
    message: string,
    /** Seconds from a 429's Retry-After header. */
    readonly retryAfterSeconds?: number,
    /** The envelope's `code`, when the server sent one. */
    readonly code?: ErrorCode,
    readonly params?: ErrorParams,
    /** With validation_failed: what each refused field got wrong. */
    readonly issues?: ValidationIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The catalogue's rule for most screens: the server's error text when present, else the
 * screen's fallback text.
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverError ? error.serverError : fallback;
}

/**
 * The catalogue's rule for lists: the server's error text, else the exception's message,
 * else the fallback.
 */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverError || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
