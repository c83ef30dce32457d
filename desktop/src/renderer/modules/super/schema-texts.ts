import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type ErrorParams, type ValidationIssue } from '@crm/common';
import { i18n } from '../../i18n';
import { errorCodeText } from '../../lib/error-message';
import { isRequired, issueFromSchema, type SchemaIssue } from '../../lib/validation-text';

type Rule = 'required' | 'too_small' | 'too_big' | 'invalid_format' | 'other';

/**
 * The super forms' fields and what each of zod's issue codes means for them (common/src/tenants,
 * common/src/super), worded from the catalogue whether this side's check or the server refused
 * the value; `other` covers any issue the field has no own text for.
 */
const NAME = { required: 'super:validation.nameRequired', too_big: 'super:validation.nameTooLong' };
const EMAIL = { required: 'super:validation.emailRequired', invalid_format: 'super:validation.emailFormat' };
const PASSWORD = { required: 'super:validation.passwordRequired', too_small: 'super:validation.passwordTooShort', too_big: 'super:validation.passwordTooLong' };
const FIELD_ISSUE_KEYS: Record<string, Partial<Record<Rule, string>>> = {
  name: NAME,
  adminName: { too_big: 'super:validation.nameTooLong' },
  slug: {
    required: 'super:validation.slugRequired',
    too_small: 'super:validation.slugTooShort',
    too_big: 'super:validation.slugTooLong',
    invalid_format: 'super:validation.slugFormat',
  },
  email: EMAIL,
  adminEmail: EMAIL,
  password: PASSWORD,
  adminPassword: PASSWORD,
  tenantId: { other: 'super:validation.companyRequired' },
  price: { too_small: 'super:validation.priceNegative', too_big: 'super:validation.priceTooLarge', other: 'super:validation.priceNumber' },
  paidAmount: { too_small: 'super:validation.paidNegative', too_big: 'super:validation.paidTooLarge', other: 'super:validation.paidNumber' },
  expiresAt: { other: 'super:validation.expiryDate' },
};

/** What a field of a super form got wrong, in the user's language. */
export function fieldIssueText(issue: ValidationIssue): string {
  const rules = FIELD_ISSUE_KEYS[issue.field];
  if (!rules) {
    const params = Object.fromEntries(Object.entries(issue).filter(([, value]) => value !== undefined)) as ErrorParams;
    return errorCodeText('validation_failed', params) ?? i18n.t('super:validation.invalid');
  }
  const key = rules[isRequired(issue) ? 'required' : (issue.issue as Rule)] ?? rules.other ?? 'super:validation.invalid';
  return i18n.t(key, { min: issue.minimum ?? PASSWORD_MIN_LENGTH, max: issue.maximum ?? PASSWORD_MAX_LENGTH });
}

/** What a shared zod schema offers (structural, so the renderer needs no zod of its own). */
export interface SharedSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: SchemaIssue[] } };
}

/** Checks `input` against a shared schema: the first problem per field, worded in the user's language. */
export function checkWith<F extends string>(schema: SharedSchema, input: unknown): Partial<Record<F, string>> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!errors[field]) errors[field] = fieldIssueText({ ...issueFromSchema(issue), field });
  }
  return errors;
}
