/**
 * The labels module's domain events (platform/events/domain-events.ts), emitted after the
 * transaction that made the change has committed.
 */
declare module '../../platform/events/domain-events.js' {
  interface DomainEventMap {
    /** These contacts' labels changed (put on, taken off, or the label deleted): the lists showing them refresh them. */
    'contacts.labelled': { tenantId: string; contactIds: string[] };
  }
}

export {};
