import { MESSAGE_ERROR_TEXTS, type MessageErrorCode } from '@crm/common';
import type { MessageFailure } from './messages.repository.js';

export const OUTBOUND_TEXTS = {
  unknownAfterRestart: MESSAGE_ERROR_TEXTS.unknown_after_restart,
  unknownTimedOut: MESSAGE_ERROR_TEXTS.unknown_timed_out,
  interruptedByRestart: MESSAGE_ERROR_TEXTS.interrupted_by_restart,
  notFinished: MESSAGE_ERROR_TEXTS.not_finished,
  confirmDuplicate: 'WhatsApp may already have delivered this message: sending it again may deliver it twice. Confirm to send it again.',
} as const;

/** The English for API users and the code the chat words in the user's language. */
export const messageFailure = (code: MessageErrorCode): MessageFailure => ({ error: MESSAGE_ERROR_TEXTS[code], errorCode: code });
