import { Injectable } from '@nestjs/common';
import type { PipelineStatus, UpdateContactRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { MinimumReached } from '../products/products.service.js';
import { ShippingRepository } from '../shipping/shipping.repository.js';
import type { DealChange } from './contact-events.js';
import type { ContactPatch, ContactRecord } from './contacts.repository.js';
import { DealLines } from './deal-lines.js';
import { DealWonHooks } from './deal-won-hooks.js';
import { PipelineHistoryRepository, type PipelineChange } from './pipeline-history.repository.js';
import { ShippingHistoryRepository, type ShippingChange } from './shipping-history.repository.js';

/**
 * What a change of a contact does to its deal, for ContactsService: the deal's lines and the stock
 * they move (DealLines), the shipping company checked to be the company's, each move of the
 * pipeline or shipping status written to its history, and, after the commit, the boards told of
 * the changed deal and the admins of products that reached their minimum stock.
 */
@Injectable()
export class DealUpdates {
  constructor(
    private readonly shipping: ShippingRepository,
    private readonly dealLines: DealLines,
    private readonly pipelineHistory: PipelineHistoryRepository,
    private readonly shippingHistory: ShippingHistoryRepository,
    private readonly events: DomainEvents,
    private readonly wonHooks: DealWonHooks,
  ) {}

  /**
   * Inside the save that makes a deal won: what a won deal starts (the order confirmation) is
   * recorded with the move, so a crash after the commit cannot lose it.
   */
  async recordWon(tx: TenantTx, tenantId: string, contactId: string, now: Date): Promise<void> {
    await this.wonHooks.run(tx, tenantId, contactId, now);
  }

  /**
   * Inside the save, on the locked row and before the patch is written: checks the shipping
   * company, saves the products (the amount follows them unless typed, into the patch) and
   * returns the products whose stock reached its minimum.
   */
  async saveLines(tx: TenantTx, tenantId: string, row: ContactRecord, input: UpdateContactRequest, patch: ContactPatch, status: string | null): Promise<MinimumReached[]> {
    if (patch.shippingCompanyId && !(await this.shipping.findById(tx, tenantId, patch.shippingCompanyId))) {
      throw ApiError.badRequest('Shipping company not found: choose one from the list.', 'salesData.shippingDetails.company').withCode('contact.shipping_company_missing');
    }
    const deal = await this.dealLines.save(
      tx,
      tenantId,
      { id: row.id, wasWon: row.pipelineStatus === 'won', isWon: status === 'won', amount: row.dealAmount, amountManual: row.dealAmountManual },
      { products: input.products, amount: input.salesData?.amount, amountManual: input.salesData?.amountManual },
    );
    if (deal.amount) {
      patch.dealAmount = deal.amount.amount;
      patch.dealAmountManual = deal.amount.manual;
    }
    return deal.reached;
  }

  /** After the patch is written: the moves of the pipeline status (with the lost reason) and of the shipping status, by the actor. */
  async recordSave(tx: TenantTx, actor: TenantActor, row: ContactRecord, patch: ContactPatch, status: string | null, lostReason: string | null | undefined, now: Date): Promise<void> {
    const fromStatus = row.pipelineStatus as PipelineStatus | null;
    if (status && status !== fromStatus) {
      await this.recordStatus(tx, {
        tenantId: actor.tenantId,
        contactId: row.id,
        fromStatus,
        toStatus: status as PipelineStatus,
        lostReason: status === 'lost' ? (lostReason ?? null) : null,
        changedBy: actor.userId,
        changedAt: now,
      });
    }
    if (patch.shippingStatus !== undefined && patch.shippingStatus !== row.shippingStatus) {
      await this.recordShipping(tx, {
        tenantId: actor.tenantId,
        contactId: row.id,
        fromStatus: row.shippingStatus,
        toStatus: patch.shippingStatus,
        reason: null,
        changedBy: actor.userId,
        changedAt: now,
      });
    }
  }

  recordStatus(tx: TenantTx, change: PipelineChange): Promise<void> {
    return this.pipelineHistory.record(tx, change);
  }

  recordShipping(tx: TenantTx, change: ShippingChange): Promise<void> {
    return this.shippingHistory.record(tx, change);
  }

  /** After the commit: open boards add, move or drop the deal and correct their totals. */
  async announce(change: DealChange): Promise<void> {
    await this.events.emit('contacts.deal_changed', change);
  }

  /** After the commit: the admins hear of products whose stock the save brought to its minimum. */
  notifyMinimumReached(tenantId: string, reached: MinimumReached[]): Promise<void> {
    return this.dealLines.notifyMinimumReached(tenantId, reached);
  }
}
