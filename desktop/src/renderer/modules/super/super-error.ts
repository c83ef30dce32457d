import { ApiError } from '../../lib/api-error';
import { errorCodeText, errorMessage } from '../../lib/error-message';
import { useLocaleStore } from '../../i18n';

/**
 * errorMessage for the super screens, with the spec's rule for codes this renderer does not know
 * yet (the server may add e.g. 'tenant.not_found'): outside English they read as the screen's
 * generic text, never the server's English.
 */
export function superErrorMessage(failure: unknown, fallbackKey: string, options: { list?: boolean } = {}): string {
  const unknownCode = failure instanceof ApiError && failure.code !== undefined && errorCodeText(failure.code, failure.params) === null;
  if (unknownCode && useLocaleStore.getState().language !== 'en') return errorMessage(new ApiError(failure.status, undefined, failure.message), fallbackKey, options);
  return errorMessage(failure, fallbackKey, options);
}
