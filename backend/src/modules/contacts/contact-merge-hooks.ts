import { Injectable } from '@nestjs/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { LabelsRepository } from '../labels/labels.repository.js';

/** Moves what a module keeps of a contact to the contact it is merged into, in the merging transaction. */
export type ContactMergeMover = (tx: TenantTx, tenantId: string, fromId: string, intoId: string) => Promise<void>;

/**
 * Where the modules above contacts (follow-ups, scheduled messages, campaigns, order confirmations)
 * register what they keep of a contact, so a merge moves it before the merged contact is deleted
 * (its rows would go with it, by cascade) without contacts depending on them.
 */
@Injectable()
export class ContactMergeHooks {
  private readonly movers: ContactMergeMover[] = [];

  constructor(private readonly labels: LabelsRepository) {}

  register(mover: ContactMergeMover) {
    this.movers.push(mover);
  }

  async run(tx: TenantTx, tenantId: string, fromId: string, intoId: string): Promise<void> {
    // labels sit below contacts: moved from here (the merged contact's labels join the others)
    const labelIds = (await this.labels.labelIdsByContact(tx, tenantId, [fromId])).get(fromId) ?? [];
    if (labelIds.length) await this.labels.add(tx, tenantId, [intoId], labelIds);
    for (const mover of this.movers) await mover(tx, tenantId, fromId, intoId);
  }
}
