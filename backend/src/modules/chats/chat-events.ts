/**
 * The chats module's domain events (platform/events/domain-events.ts), emitted after the change
 * committed.
 */
declare module '../../platform/events/domain-events.js' {
  interface DomainEventMap {
    /**
     * A user opened a conversation that had unread inbound messages (its count was cleared): the
     * official API tells the contact their messages were read.
     */
    'chats.read': { tenantId: string; contactId: string };
  }
}

export {};
