import { Injectable } from '@nestjs/common';
import { DatabaseSignals } from '../../platform/db/database-signals.js';

/** The signal (PostgreSQL NOTIFY, payload: the tenant id) that messages of a company wait for its session's owner. */
export const SEND_ASKED_SIGNAL = 'crm_outbound_send_asked';

/**
 * Between backend instances: an instance that stored a message for a session another instance
 * owns asks the owner to send it (after the commit). A signal lost is covered by the takeover.
 */
@Injectable()
export class OutboundSignals {
  constructor(private readonly signals: DatabaseSignals) {}

  /** Tells the owner of the company's session that messages wait to be handed over. */
  askOwner(tenantId: string): Promise<void> {
    return this.signals.notify(SEND_ASKED_SIGNAL, tenantId);
  }

  /**
   * Listens for asks addressed to this instance; `onReconnect` runs when the listening connection
   * came back (asks may have been missed meanwhile). Resolves with the function that stops it.
   */
  onAsked(handler: (tenantId: string) => void, onReconnect: () => void): Promise<() => void> {
    return this.signals.listen(SEND_ASKED_SIGNAL, handler, onReconnect);
  }
}
