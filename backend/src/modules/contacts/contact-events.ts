import type { PipelineStatus } from '@crm/common';

/**
 * The contacts module's domain events (platform/events/domain-events.ts), for the modules above it:
 * emitted after the transaction that made the change has committed.
 */
declare module '../../platform/events/domain-events.js' {
  interface DomainEventMap {
    /**
     * Contacts changed hands (bulk assignment): each contact id with its assignee before. The
     * messenger pushes the conversations to the new owner and to each previous one.
     */
    'contacts.reassigned': { tenantId: string; previousAssignees: Map<string, string | null> };
    /**
     * A deal changed where a board shows it: its pipeline status, its amount, or it became (or
     * stopped being) a deal. Before and after, so a listener can move it between columns and
     * correct the totals without reading it again. The deal board pushes it to its audience.
     */
    'contacts.deal_changed': DealChange;
  }
}

/** One deal's change; `before` is null when the contact was not a deal, `after` null when it no longer is one. */
export type DealChange = {
  tenantId: string;
  contactId: string;
  assignedTo: string | null;
  before: { status: PipelineStatus; amount: number | null } | null;
  after: { status: PipelineStatus; amount: number | null } | null;
  /** The deal came with a contact merged into this one: it did not move (nothing a move starts happens). */
  merged?: boolean;
};

declare module '../../platform/events/domain-events.js' {
  interface DomainEventMap {
    /** A contact opted out (a reply or an admin): running follow-up sequences stop, campaigns skip them. */
    'contacts.opted_out': { tenantId: string; contactId: string };
  }
}
