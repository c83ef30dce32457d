/**
 * Why a follow-up step was not sent (or is not sent yet), why a run ended early, and why it waits:
 * the `reasonCode`, `stopReasonCode` and `pausedReasonCode` of the run log. Parameters:
 * `name` (who stopped it), `step`, `hoursLate`, `maxHours`, and `error`: the message's error code
 * (message-errors.ts) of a failed or unknown step. The English texts stay in `reason`,
 * `stopReason` and `pausedReason`.
 */
export const FOLLOW_UP_STEP_REASON_CODES = [
  'waiting',
  'suspended',
  'expired',
  'expired_disconnected',
  'run_expired',
  'replied',
  'stopped_by',
  'failed',
  'unknown',
  'window_closed',
  'opted_out',
] as const;
export type FollowUpStepReasonCode = (typeof FOLLOW_UP_STEP_REASON_CODES)[number];

export const FOLLOW_UP_RUN_REASON_CODES = ['replied', 'stopped_by', 'expired', 'expired_disconnected', 'paused', 'opted_out'] as const;
export type FollowUpRunReasonCode = (typeof FOLLOW_UP_RUN_REASON_CODES)[number];

export const isFollowUpStepReasonCode = (value: unknown): value is FollowUpStepReasonCode => typeof value === 'string' && (FOLLOW_UP_STEP_REASON_CODES as readonly string[]).includes(value);
export const isFollowUpRunReasonCode = (value: unknown): value is FollowUpRunReasonCode => typeof value === 'string' && (FOLLOW_UP_RUN_REASON_CODES as readonly string[]).includes(value);
