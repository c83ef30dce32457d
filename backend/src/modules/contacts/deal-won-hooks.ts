import { Injectable } from '@nestjs/common';
import type { TenantTx } from '../../platform/db/database.types.js';

/** What a module does, in the transaction that stores it, when a deal becomes won (`at`: the move's time). */
export type DealWonHook = (tx: TenantTx, tenantId: string, contactId: string, at: Date) => Promise<void>;

/**
 * Where the modules above contacts (order confirmations) register what must happen when a deal
 * becomes won, whichever screen moved it (the board, the table, the profile): ContactsService runs
 * the hooks in the transaction that stores the move, so what they record (a durable job) exists
 * exactly when the move committed, even if the process dies before `contacts.deal_changed` is heard.
 */
@Injectable()
export class DealWonHooks {
  private readonly hooks: DealWonHook[] = [];

  register(hook: DealWonHook) {
    this.hooks.push(hook);
  }

  async run(tx: TenantTx, tenantId: string, contactId: string, at: Date): Promise<void> {
    for (const hook of this.hooks) await hook(tx, tenantId, contactId, at);
  }
}
