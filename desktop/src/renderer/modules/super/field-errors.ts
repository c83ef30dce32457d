import { useLocaleStore } from '../../i18n';
import { ApiError } from '../../lib/api-error';
import { refusedIssues } from '../../lib/validation-text';
import { fieldIssueText } from './schema-texts';
import { superErrorMessage } from './super-error';

/**
 * The field a server refusal names (`validation_failed` with params.field, or a code the form ties
 * to a field such as 'tenant.slug_taken'), so a form can show the text next to that input; null
 * for any other failure (shown above the form).
 */
export function refusedField<F extends string>(failure: unknown, fields: readonly F[], codeFields: Partial<Record<string, F>> = {}): F | null {
  if (!(failure instanceof ApiError) || !failure.code) return null;
  const byCode = codeFields[failure.code];
  if (byCode) return byCode;
  if (failure.code !== 'validation_failed') return null;
  const field = failure.params?.field;
  return typeof field === 'string' && (fields as readonly string[]).includes(field) ? (field as F) : null;
}

/**
 * The refusal as field errors when it names fields of the form, else as the form's own error. A
 * validation refusal words each field it lists from zod's issue code and limit, in the user's
 * language; in English the server's own text still names the first field's problem (it is English
 * already, and a rule the server adds may say more than the code).
 */
export function splitRefusal<F extends string>(
  failure: unknown,
  fields: readonly F[],
  fallbackKey: string,
  codeFields: Partial<Record<string, F>> = {},
): { field: Partial<Record<F, string>>; form: string | null } {
  const issues = refusedIssues(failure).filter((issue) => (fields as readonly string[]).includes(issue.field));
  if (failure instanceof ApiError && issues.length > 0) {
    const english = useLocaleStore.getState().language === 'en';
    const named = failure.params?.field;
    const field: Partial<Record<F, string>> = {};
    for (const issue of issues) {
      field[issue.field as F] = english && issue.field === named && failure.serverError ? failure.serverError : fieldIssueText(issue);
    }
    return { field, form: null };
  }
  const text = superErrorMessage(failure, fallbackKey);
  const field = refusedField(failure, fields, codeFields);
  return field ? { field: { [field]: text } as Partial<Record<F, string>>, form: null } : { field: {}, form: text };
}
