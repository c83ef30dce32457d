import { Injectable } from '@nestjs/common';
import { STAGE_HISTORY_SHOWN, type Contact } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { assertCanSeeContact } from './contact-access.js';
import { ContactHandOversRepository } from './contact-hand-overs.repository.js';
import { toContactDto } from './contact.mapper.js';
import { ContactsRepository } from './contacts.repository.js';
import { DealLinesRepository } from './deal-lines.repository.js';
import { PipelineHistoryRepository } from './pipeline-history.repository.js';
import { ShippingHistoryRepository } from './shipping-history.repository.js';

/**
 * A contact as its profile shows it: the row, its deal's products and the latest moves of each
 * history (stage, pipeline status, hand-over, shipping status). Read in the caller's transaction,
 * so a save answers with what it has just written; a contact the actor may not see is not found.
 */
@Injectable()
export class ContactProfiles {
  constructor(
    private readonly contacts: ContactsRepository,
    private readonly deals: DealLinesRepository,
    private readonly pipelineHistory: PipelineHistoryRepository,
    private readonly handOvers: ContactHandOversRepository,
    private readonly shippingHistory: ShippingHistoryRepository,
  ) {}

  async read(tx: TenantTx, actor: TenantActor, id: string): Promise<Contact> {
    const row = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, id));
    const lines = await this.deals.dealProducts(tx, actor.tenantId, [id]);
    const history = await this.contacts.stageHistory(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    const pipeline = await this.pipelineHistory.history(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    const handOvers = await this.handOvers.history(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    const shipping = await this.shippingHistory.history(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    return toContactDto(row, lines, history, pipeline, handOvers, shipping);
  }
}
