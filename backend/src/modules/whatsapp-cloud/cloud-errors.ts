import { MESSAGE_ERROR_TEXTS, type MessageErrorCode } from '@crm/common';
import type { MessageFailureReport } from '../whatsapp/whatsapp-event-sink.js';

/** Meta's error codes a message can fail with, and what the rep reads for each. */
export const META_MESSAGE_ERRORS: Record<number, { code: MessageErrorCode; retryable: boolean }> = {
  // outside the 24-hour window: only a template re-engages the contact
  131047: { code: 'window_closed', retryable: false },
  131026: { code: 'undeliverable', retryable: false },
  // the number's throughput: later it goes
  130429: { code: 'rate_limited', retryable: true },
  // too many to this one contact: later it goes
  131056: { code: 'pair_rate_limited', retryable: true },
  // once an admin entered a new token, trying again helps
  190: { code: 'token_invalid', retryable: true },
  // a template's parameters do not match / no such template in that language: sync and choose again
  132000: { code: 'template_refused', retryable: false },
  132001: { code: 'template_refused', retryable: false },
};

/**
 * A message Meta refused (at the send call or later, in a `failed` status) as stored on it: our
 * code (worded in the rep's language), the English with Meta's own code and words after it, and
 * Meta's code as a parameter. An unknown code is a plain refusal.
 */
export function failureOfMeta(metaCode: number | null | undefined, metaText: string | null | undefined): MessageFailureReport {
  const known = metaCode == null ? undefined : META_MESSAGE_ERRORS[metaCode];
  const errorCode = known?.code ?? 'refused';
  const detail = [metaCode == null ? null : `Meta ${metaCode}`, metaText || null].filter(Boolean).join(': ');
  return {
    errorCode,
    error: detail ? `${MESSAGE_ERROR_TEXTS[errorCode]} (${detail})` : MESSAGE_ERROR_TEXTS[errorCode],
    errorParams: metaCode == null ? null : { metaCode },
    retryable: known?.retryable ?? false,
  };
}
