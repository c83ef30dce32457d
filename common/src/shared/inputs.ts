import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../rules/day-range.js';
import { toLatinDigits } from '../rules/phone.js';

/* Input helpers every domain's schemas share (query strings and form fields arrive as text). */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The IANA time zone a request's calendar days are read in; blank means the product default (Africa/Cairo). */
export const timeZoneSchema = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine(isValidTimeZone, { message: 'tz must be an IANA time zone such as Africa/Cairo' })
    .default(DEFAULT_TIME_ZONE)
    .meta({ description: 'IANA time zone the dates are days of (default Africa/Cairo)' }),
);

/**
 * A number sent as a number or as text (form inputs, query strings; Arabic digits and thousands
 * separators allowed). Blank means "not sent" (`blank: 'undefined'`) or "clear it" (`'null'`).
 * Text that is not a number gets `message`, not a generic "is required".
 */
export function numericInput<T extends z.ZodType>(schema: T, message: string, blank: 'undefined' | 'null' = 'undefined') {
  return z.preprocess((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || (typeof v === 'string' && v.trim() === '')) return blank === 'null' ? null : undefined;
    if (typeof v === 'number') return v;
    const n = typeof v === 'string' ? Number(toLatinDigits(v).trim().replace(/,/g, '')) : Number.NaN;
    if (!Number.isFinite(n)) ctx.addIssue({ code: 'custom', message });
    return n;
  }, schema);
}
