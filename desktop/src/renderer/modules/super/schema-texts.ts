import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@crm/common';
import { i18n } from '../../i18n';

/**
 * The shared schemas' English messages (common/src/tenants, common/src/super) and their catalogue
 * keys, so a form checked on this side words them in the user's language. A message missing
 * here reads as the generic 'This value is not valid.'.
 */
const SCHEMA_TEXT_KEYS: Record<string, string> = {
  'Name is required': 'super:validation.nameRequired',
  'Name must be at most 200 characters': 'super:validation.nameTooLong',
  'Slug is required': 'super:validation.slugRequired',
  'Slug must be at least 2 characters': 'super:validation.slugTooShort',
  'Slug must be at most 63 characters': 'super:validation.slugTooLong',
  'Slug may contain only lowercase letters, digits and single dashes': 'super:validation.slugFormat',
  'Email is required': 'super:validation.emailRequired',
  'Email must be a valid email address': 'super:validation.emailFormat',
  'Password is required': 'super:validation.passwordRequired',
  [`Password must be at least ${PASSWORD_MIN_LENGTH} characters`]: 'super:validation.passwordTooShort',
  [`Password must be at most ${PASSWORD_MAX_LENGTH} characters`]: 'super:validation.passwordTooLong',
  'Company is required': 'super:validation.companyRequired',
  'Price must be a number': 'super:validation.priceNumber',
  'Price must be 0 or more': 'super:validation.priceNegative',
  'Price is too large': 'super:validation.priceTooLarge',
  'Paid amount must be a number': 'super:validation.paidNumber',
  'Paid amount must be 0 or more': 'super:validation.paidNegative',
  'Paid amount is too large': 'super:validation.paidTooLarge',
  'Expiry must be a valid date': 'super:validation.expiryDate',
};

export function schemaText(message: string): string {
  const key = SCHEMA_TEXT_KEYS[message] ?? 'super:validation.invalid';
  return i18n.t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
}

/** Checks `input` against a shared schema: the first text per field, worded in the user's language. */
/** What a shared zod schema offers (structural, so the renderer needs no zod of its own). */
export interface SharedSchema {
  safeParse(input: unknown): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export function checkWith<F extends string>(schema: SharedSchema, input: unknown): Partial<Record<F, string>> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (!errors[field]) errors[field] = schemaText(issue.message);
  }
  return errors;
}
