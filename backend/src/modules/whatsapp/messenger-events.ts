import { Injectable } from '@nestjs/common';
import { DomainEvents, type DomainEventHandler, type DomainEventMap } from '../../platform/events/domain-events.js';

/**
 * In-process events of the messenger, for other domains (follow-up sequences stop when the contact
 * replies or the tenant's WhatsApp goes down, and resume when it reconnects). Handlers run after the
 * data is committed; a failing handler is logged and does not affect the others (DomainEvents).
 */
export type MessengerEventMap = {
  /**
   * An inbound message was stored (the contact replied); `buttonPayload`: the button they pressed
   * (official API); `followUpActive`: the contact's hasActiveFollowUp as the storing transaction saw
   * it (false only when no follow-up run was active then: set in the transaction that starts a run).
   */
  'message.inbound': {
    tenantId: string;
    contactId: string;
    messageId: string;
    at: Date;
    createdContact: boolean;
    body: string;
    buttonPayload?: string | null;
    followUpActive: boolean;
  };
  /** WhatsApp reported an outgoing message delivered (2) or read (3); `clientId` is its idempotency key. */
  'message.ack': { tenantId: string; contactId: string; messageId: string; ack: number; clientId: string | null };
  /**
   * An outgoing message reached WhatsApp (`sent`), could not be sent (`failed`), or was handed to
   * WhatsApp by a process that stopped before hearing back (`unknown`: maybe delivered, never resent
   * automatically).
   */
  'message.outbound': {
    tenantId: string;
    contactId: string;
    messageId: string;
    status: 'sent' | 'failed' | 'unknown';
    error: string | null;
    /** The error as a code (common/messages/message-errors.ts); null when sent or unknown to the sender. */
    errorCode: string | null;
    automated: boolean;
    followUpRunId: string | null;
    /** The message's idempotency key (a follow-up step's is `follow-up:<step id>`). */
    clientId: string | null;
  };
  /** The tenant's WhatsApp became connected (`firstTime`: the first connection ever). */
  'whatsapp.connected': { tenantId: string; firstTime: boolean };
  /** Meta refused the company's official API connection (its token, its account): an admin must fix the settings. */
  'whatsapp.needs_attention': { tenantId: string; reasonCode: 'token_invalid' | 'account_locked'; reason: string };
  /** The tenant's WhatsApp stopped being connected: dropped (reconnecting), needs a QR scan, or logged out. */
  'whatsapp.down': { tenantId: string; state: string; reason: string | null };
};

export type MessengerEventName = keyof MessengerEventMap;

// the messenger's events are domain events: any module may listen through DomainEvents too
declare module '../../platform/events/domain-events.js' {
  interface DomainEventMap extends MessengerEventMap {}
}

/**
 * The messenger's view of the domain-event bus (platform/events/domain-events.ts), kept for the
 * messages and WhatsApp code: the same subscriptions and emits, over the one bus.
 */
@Injectable()
export class MessengerEvents {
  constructor(private readonly bus: DomainEvents) {}

  /** Subscribes; returns the unsubscribe function. */
  on<E extends MessengerEventName>(event: E, handler: (payload: MessengerEventMap[E]) => unknown): () => void {
    return this.bus.on(event, handler as DomainEventHandler<E>);
  }

  /** Runs the handlers now; the emitter does not wait for them. */
  emit<E extends MessengerEventName>(event: E, payload: MessengerEventMap[E]): void {
    // never rejects: the bus logs a failing handler
    void this.bus.emit(event, payload as DomainEventMap[E]);
  }
}
