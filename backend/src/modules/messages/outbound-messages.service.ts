import { Injectable } from '@nestjs/common';
import type { Message, MessageErrorCode } from '@crm/common';
import { OutboundRecovery } from './outbound-recovery.js';
import { SendMessage, type OutboundMessage } from './send-message.js';

export { OUTBOUND_TEXTS, messageFailure } from './outbound-failures.js';
export { SEND_ASKED_SIGNAL } from './outbound-signals.js';
export type { OutboundMessage } from './send-message.js';

/**
 * The one send path of the product (typed messages, media, voice notes, follow-up steps), as the
 * other modules see it. Each job has its own room:
 * - SendMessage: checks, stores `pending`, pushes `msg:new`, then HandOverMessage hands it to the
 *   tenant's WhatsApp session (after the pacer for automated sends) and records `sent`/`failed`;
 * - OutboundContent: the file checked at send time and the content the driver gets (voice notes
 *   converted);
 * - OutboundSignals: several instances — only the owner of the company's session (its lease)
 *   sends; another instance stores the message and asks the owner (PostgreSQL NOTIFY);
 * - ResumeUnclaimed and OutboundRecovery: what crashes, lost signals and dead peers leave behind.
 */
@Injectable()
export class OutboundMessagesService {
  constructor(
    private readonly sender: SendMessage,
    private readonly recovery: OutboundRecovery,
  ) {}

  /** Sends a message and resolves with its final state (sent or failed); see SendMessage.send. */
  send(tenantId: string, input: OutboundMessage): Promise<Message> {
    return this.sender.send(tenantId, input);
  }

  /** Sends a failed (or, confirmed, an `unknown`) message again; see SendMessage.retry. */
  retry(tenantId: string, messageId: string, canSee: (assignedTo: string | null) => boolean, options: { confirmDuplicate?: boolean } = {}): Promise<Message> {
    return this.sender.retry(tenantId, messageId, canSee, options);
  }

  /** The running sweep (OutboundRecovery.reconcile). */
  reconcile(): Promise<void> {
    return this.recovery.reconcile();
  }

  /** What the previous run left unsent and no session picked up fails (retryable). */
  failLeftOverFromPreviousRun(): Promise<number> {
    return this.recovery.failLeftOverFromPreviousRun();
  }

  /** Pending messages never handed over, older than `ageMs`, fail (retryable). */
  failStalePending(ageMs: number, reason: MessageErrorCode): Promise<number> {
    return this.recovery.failStalePending(ageMs, reason);
  }
}
