import type { ErrorCode, ErrorParams } from '@crm/common';
import { i18n, useLocaleStore } from '../i18n';
import { ApiError } from './api-error';
import { issueFromParams, issuePhrase } from './validation-text';

/** Field names the catalogue words; an unknown field is shown as the server named it. */
const FIELD_KEYS: Record<string, string> = {
  email: 'errors:fields.email',
  password: 'errors:fields.password',
  name: 'errors:fields.name',
  phone: 'errors:fields.phone',
  language: 'errors:fields.language',
  amount: 'errors:fields.amount',
  date: 'errors:fields.date',
  slug: 'errors:fields.slug',
  adminName: 'errors:fields.name',
  adminEmail: 'errors:fields.email',
  adminPassword: 'errors:fields.password',
  tenantId: 'errors:fields.company',
  price: 'errors:fields.price',
  paidAmount: 'errors:fields.paidAmount',
};

/** The catalogue's text for a code, or null when the renderer does not know the code. */
export function errorCodeText(code: ErrorCode | string, params: ErrorParams = {}): string | null {
  if (code === 'validation_failed') {
    const field = typeof params.field === 'string' ? params.field : '';
    const fieldText = FIELD_KEYS[field] ? i18n.t(FIELD_KEYS[field]) : field || i18n.t('errors:fields.other');
    return i18n.t('errors:validation_failed', { field: fieldText, issue: issuePhrase(issueFromParams(params)) });
  }
  const key = `errors:${code}`;
  return i18n.exists(key, params) ? i18n.t(key, params) : null;
}

/**
 * What a screen shows for a failure, in the user's language: the text for the ApiError's `code`
 * (namespace `errors`), else the server's English `error`, else `fallbackKey` (a literal catalogue
 * key such as 'customers:loadFailed', so the key checks can find it).
 *
 * In English the server's own text comes first: it is English already and names the case more
 * precisely than a generic code's text ('Phone already exists' rather than 'This conflicts…').
 *
 * `list`: the spec's rule for lists also shows the exception's own message, e.g.
 * 'Could not reach the server.'; forms (sign-in) show the fallback instead.
 */
export function errorMessage(error: unknown, fallbackKey: string, options: { list?: boolean } = {}): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return options.list ? i18n.t('errors:client.network') : i18n.t(fallbackKey);
    const english = useLocaleStore.getState().language === 'en';
    if (english && error.serverError) return error.serverError;
    const known = error.code ? errorCodeText(error.code, error.params) : null;
    // `||`: an empty server text says nothing, the fallback does
    return known || error.serverError || i18n.t(fallbackKey);
  }
  // A programming error's message is better than nothing in a bug report; users rarely see one.
  if (options.list && error instanceof Error && error.message) return error.message;
  return i18n.t(fallbackKey);
}
