import { Injectable, Logger } from '@nestjs/common';

/**
 * In-process events of the messenger, for other domains (follow-up sequences stop when the contact
 * replies or the tenant's WhatsApp goes down, and resume when it reconnects). Handlers run after the
 * data is committed; a failing handler is logged and does not affect the others.
 */
export type MessengerEventMap = {
  /** An inbound message was stored (the contact replied). */
  'message.inbound': { tenantId: string; contactId: string; messageId: string; at: Date; createdContact: boolean };
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
    automated: boolean;
    followUpRunId: string | null;
    /** The message's idempotency key (a follow-up step's is `follow-up:<step id>`). */
    clientId: string | null;
  };
  /** The tenant's WhatsApp became connected (`firstTime`: the first connection ever). */
  'whatsapp.connected': { tenantId: string; firstTime: boolean };
  /** The tenant's WhatsApp stopped being connected: dropped (reconnecting), needs a QR scan, or logged out. */
  'whatsapp.down': { tenantId: string; state: string; reason: string | null };
};

export type MessengerEventName = keyof MessengerEventMap;
type Handler<E extends MessengerEventName> = (payload: MessengerEventMap[E]) => unknown;

@Injectable()
export class MessengerEvents {
  private readonly logger = new Logger('MessengerEvents');
  private readonly handlers = new Map<MessengerEventName, Set<Handler<never>>>();

  /** Subscribes; returns the unsubscribe function. */
  on<E extends MessengerEventName>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => set!.delete(handler as Handler<never>);
  }

  emit<E extends MessengerEventName>(event: E, payload: MessengerEventMap[E]): void {
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        const result = (handler as Handler<E>)(payload);
        if (result instanceof Promise) result.catch((err) => this.logger.error(`${event} handler failed: ${err}`));
      } catch (err) {
        this.logger.error(`${event} handler failed: ${err}`);
      }
    }
  }
}
