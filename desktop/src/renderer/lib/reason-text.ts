import {
  isFollowUpRunReasonCode,
  isFollowUpStepReasonCode,
  isMessageErrorCode,
  isWhatsAppReasonCode,
  type FollowUpRunReasonCode,
  type FollowUpStepReasonCode,
  type MessageErrorCode,
  type ReasonParams,
  type WhatsAppReasonCode,
} from '@crm/common';
import { i18n } from '../i18n';
import { formatNumber } from './format';

/*
 * Reasons the server stores or pushes come as a code with parameters beside the English text
 *: the text shown is the catalogue's for the code, in the user's language. A code this
 * renderer does not know, or a row written before codes (no code), shows the server's text.
 * Keys written out so the catalogue checks can find them (docs/i18n.md).
 */

const WHATSAPP_REASON_KEYS: Record<WhatsAppReasonCode, string> = {
  logged_out: 'whatsapp:reasons.logged_out',
  not_answering: 'whatsapp:reasons.not_answering',
  reconnect_failed: 'whatsapp:reasons.reconnect_failed',
  auth_failure: 'whatsapp:reasons.auth_failure',
  reconnecting: 'whatsapp:reasons.reconnecting',
  not_running: 'whatsapp:reasons.not_running',
  suspended: 'whatsapp:reasons.suspended',
  start_failed: 'whatsapp:initFailed',
  token_invalid: 'whatsapp:reasons.token_invalid',
  account_locked: 'whatsapp:reasons.account_locked',
};

const MESSAGE_ERROR_KEYS: Record<MessageErrorCode, string> = {
  not_connected: 'messenger:errors.not_connected',
  not_on_whatsapp: 'messenger:errors.not_on_whatsapp',
  refused: 'messenger:errors.refused',
  not_found_on_whatsapp: 'messenger:errors.not_found_on_whatsapp',
  file_missing: 'messenger:errors.file_missing',
  voice_not_converted: 'messenger:errors.voice_not_converted',
  send_failed: 'messenger:errors.send_failed',
  unknown_after_restart: 'messenger:errors.unknown_after_restart',
  unknown_timed_out: 'messenger:errors.unknown_timed_out',
  interrupted_by_restart: 'messenger:errors.interrupted_by_restart',
  not_finished: 'messenger:errors.not_finished',
  window_closed: 'messenger:errors.window_closed',
  undeliverable: 'messenger:errors.undeliverable',
  rate_limited: 'messenger:errors.rate_limited',
  pair_rate_limited: 'messenger:errors.pair_rate_limited',
  token_invalid: 'messenger:errors.token_invalid',
  media_too_large: 'messenger:errors.media_too_large',
  template_refused: 'messenger:errors.template_refused',
  media_unavailable: 'messenger:errors.media_unavailable',
};

const STEP_REASON_KEYS: Record<FollowUpStepReasonCode, string> = {
  waiting: 'followups:reasons.step.waiting',
  suspended: 'followups:reasons.step.suspended',
  expired: 'followups:reasons.step.expired',
  expired_disconnected: 'followups:reasons.step.expired_disconnected',
  run_expired: 'followups:reasons.step.run_expired',
  replied: 'followups:reasons.step.replied',
  stopped_by: 'followups:reasons.step.stopped_by',
  failed: 'followups:reasons.step.failed',
  unknown: 'followups:reasons.step.unknown',
  window_closed: 'followups:reasons.step.window_closed',
  opted_out: 'followups:reasons.step.opted_out',
};

const RUN_REASON_KEYS: Record<FollowUpRunReasonCode, string> = {
  replied: 'followups:reasons.run.replied',
  stopped_by: 'followups:reasons.run.stopped_by',
  expired: 'followups:reasons.run.expired',
  expired_disconnected: 'followups:reasons.run.expired_disconnected',
  paused: 'followups:reasons.run.paused',
  opted_out: 'followups:reasons.run.opted_out',
};

/** Parameters as the user reads them: numbers in the chosen digits, names as they are. */
function words(params: ReasonParams | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) out[name] = typeof value === 'number' ? formatNumber(value) : value;
  return out;
}

/** Why the company's WhatsApp is not connected (`wa:status`, GET /whatsapp/status), or null. */
export function whatsAppReasonText(status: { reason?: string | null; reasonCode?: string | null }): string | null {
  if (isWhatsAppReasonCode(status.reasonCode)) return i18n.t(WHATSAPP_REASON_KEYS[status.reasonCode]);
  return status.reason ?? null;
}

/** Why a message failed or may not have been delivered, or null when it says nothing. */
export function messageErrorText(message: { error: string | null; errorCode?: string | null; errorParams?: ReasonParams | null }): string | null {
  if (isMessageErrorCode(message.errorCode)) return i18n.t(MESSAGE_ERROR_KEYS[message.errorCode], words(message.errorParams));
  return message.error ?? null;
}

/** Why a follow-up step was not sent (or is not sent yet), or null. */
export function followUpStepReasonText(step: { reason: string | null; reasonCode?: string | null; reasonParams?: ReasonParams | null }): string | null {
  if (!isFollowUpStepReasonCode(step.reasonCode)) return step.reason;
  const params = words(step.reasonParams);
  if (step.reasonCode === 'failed' || step.reasonCode === 'unknown') {
    // `error`: the message's own error code, worded inside the step's text
    const error = step.reasonParams?.error;
    params.error = isMessageErrorCode(error) ? i18n.t(MESSAGE_ERROR_KEYS[error]) : step.reasonCode === 'failed' ? i18n.t('messenger:errors.refused') : i18n.t('messenger:bubble.unknownDelivery');
  }
  return i18n.t(STEP_REASON_KEYS[step.reasonCode], params);
}

/** Why a follow-up run ended early or waits (`stopReason*`, `pausedReason*`), or null. */
export function followUpRunReasonText(text: string | null, code: string | null | undefined, params: ReasonParams | null | undefined): string | null {
  if (isFollowUpRunReasonCode(code)) return i18n.t(RUN_REASON_KEYS[code], words(params));
  return text;
}
