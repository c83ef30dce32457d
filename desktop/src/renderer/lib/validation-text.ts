import type { ErrorParams, ValidationIssue } from '@crm/common';
import { i18n } from '../i18n';
import { ApiError } from './api-error';
import { formatNumber } from './format';

/*
 * What a field got wrong, worded from zod's issue code and the limit it broke (as the server's
 * validation pipe sends it in `issues`, or as a shared schema checked on this side reports it),
 * never from the schema's English message.
 */

/** zod's issue codes; anything else reads "is not valid". Keys written out for the catalogue checks. */
const ISSUE_KEYS: Record<string, string> = {
  required: 'errors:validation_issues.required',
  invalid_type: 'errors:validation_issues.invalid_type',
  too_small: 'errors:validation_issues.too_small',
  too_big: 'errors:validation_issues.too_big',
  invalid_format: 'errors:validation_issues.invalid_format',
  invalid_value: 'errors:validation_issues.invalid_value',
};

/** A too short text or too small number is worded with its limit when the issue names it. */
const LIMIT_KEYS: Record<string, Record<string, string>> = {
  too_small: { string: 'errors:validation_issues.too_short', number: 'errors:validation_issues.too_small_number' },
  too_big: { string: 'errors:validation_issues.too_long', number: 'errors:validation_issues.too_big_number' },
};

/** What a shared zod schema's issue carries (structural, so the renderer needs no zod of its own). */
export interface SchemaIssue {
  path: PropertyKey[];
  code?: string;
  message: string;
  minimum?: unknown;
  maximum?: unknown;
  origin?: string;
  format?: string;
  input?: unknown;
}

/** A shared schema's issue as the server's pipe would send it. */
export function issueFromSchema(issue: SchemaIssue): ValidationIssue {
  const field = issue.path.map(String).join('.');
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  const described: ValidationIssue = { field, issue: missing ? 'required' : (issue.code ?? 'custom') };
  if (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint') described.minimum = Number(issue.minimum);
  if (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint') described.maximum = Number(issue.maximum);
  if (issue.origin) described.origin = issue.origin;
  if (issue.format) described.format = issue.format;
  return described;
}

/** A blank text refused by `.min(1)` means the same as a missing one. */
export function isRequired(issue: Pick<ValidationIssue, 'issue' | 'minimum' | 'origin'>): boolean {
  return issue.issue === 'required' || (issue.issue === 'too_small' && issue.origin === 'string' && issue.minimum === 1);
}

/** The issue in words without its field ("is required", "must be at least 8 characters"). */
export function issuePhrase(issue: Omit<ValidationIssue, 'field'>): string {
  if (isRequired(issue)) return i18n.t('errors:validation_issues.required');
  if (issue.issue === 'invalid_format' && issue.format === 'email') return i18n.t('errors:validation_issues.invalid_email');
  const limit = issue.issue === 'too_small' ? issue.minimum : issue.issue === 'too_big' ? issue.maximum : undefined;
  const limitKey = LIMIT_KEYS[issue.issue]?.[issue.origin ?? ''];
  if (limitKey && limit !== undefined) return i18n.t(limitKey, { count: limit, limit: formatNumber(limit) });
  return i18n.t(ISSUE_KEYS[issue.issue] ?? 'errors:validation_issues.other');
}

/** The issue `params` of a validation_failed error as an issue (the server sends the first one's there). */
export function issueFromParams(params: ErrorParams = {}): ValidationIssue {
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return {
    field: typeof params.field === 'string' ? params.field : '',
    issue: String(params.issue ?? ''),
    minimum: number(params.minimum),
    maximum: number(params.maximum),
    origin: typeof params.origin === 'string' ? params.origin : undefined,
    format: typeof params.format === 'string' ? params.format : undefined,
  };
}

/** Every field a validation refusal names: its `issues`, else the one in its params; none for another failure. */
export function refusedIssues(failure: unknown): ValidationIssue[] {
  if (!(failure instanceof ApiError) || failure.code !== 'validation_failed') return [];
  if (failure.issues?.length) return failure.issues;
  const first = issueFromParams(failure.params);
  return first.field ? [first] : [];
}
