import { Injectable } from '@nestjs/common';
import {
  DEFAULT_COUNTRY,
  STAGE_HISTORY_SHOWN,
  can,
  normalizePhone,
  stageChangeError,
  type AssignBulkRequest,
  type ChangeStageRequest,
  type Contact,
  type CreateContactRequest,
  type PipelineStatus,
  type Role,
  type UpdateContactRequest,
} from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { MinimumReached } from '../products/products.service.js';
import { ShippingRepository } from '../shipping/shipping.repository.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { assertCanSeeContact, canSeeContact } from './contact-access.js';
import { ContactCreationService } from './contact-creation.service.js';
import { ContactHandOversRepository } from './contact-hand-overs.repository.js';
import type { DealChange } from './contact-events.js';
import { toContactDto } from './contact.mapper.js';
import { contactPatch } from './contact-patch.js';
import { ContactsRepository, type ContactPatch, type ContactRecord } from './contacts.repository.js';
import { DealLines } from './deal-lines.js';
import { DealLinesRepository } from './deal-lines.repository.js';
import { LeadAssignmentNotices, type AssignedLead } from './lead-assignment-notices.js';
import { PipelineHistoryRepository } from './pipeline-history.repository.js';
import { ShippingHistoryRepository } from './shipping-history.repository.js';

const ONLY_ADMINS_ASSIGN = 'Only admins can assign leads.';

/**
 * Leads, customers and sales deals, one at a time (the lists, stats and export: ContactListsService).
 * Every method takes the acting user first and applies the visibility rule: admins see all of
 * their company's contacts, sales users only those assigned to them.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly deals: DealLinesRepository,
    private readonly dealLines: DealLines,
    private readonly users: UsersRepository,
    private readonly shipping: ShippingRepository,
    private readonly tenants: TenantsRepository,
    private readonly clock: Clock,
    private readonly creation: ContactCreationService,
    private readonly leadNotices: LeadAssignmentNotices,
    private readonly events: DomainEvents,
    private readonly pipelineHistory: PipelineHistoryRepository,
    private readonly handOvers: ContactHandOversRepository,
    private readonly shippingHistory: ShippingHistoryRepository,
  ) {}

  async get(actor: TenantActor, id: string): Promise<Contact> {
    return this.db.tenant(actor.tenantId, (tx) => this.load(tx, actor, id));
  }

  // ------------------------------------------------------------------ writing

  /**
   * Add a lead by hand, through the one way contacts are created (ContactCreationService): a sales user's
   * lead is theirs; an admin may choose the assignee, else the company's lead distribution decides.
   */
  async create(actor: TenantActor, input: CreateContactRequest): Promise<Contact> {
    const now = this.clock.now();
    try {
      const created = await retryOnDeadlock(() =>
        this.db.tenant(actor.tenantId, async (tx) => {
          const phone = await this.normalizePhone(tx, actor, input.phone);
          const chosen = may(actor, 'contacts.assign') && input.assignedTo ? (await this.activeSalesUser(tx, actor, input.assignedTo, 'assignedTo')).id : undefined;

          const existing = await this.contacts.findByPhone(tx, actor.tenantId, phone);
          if (existing) throw this.duplicatePhone(actor, existing);
          const [row] = await this.creation.createContacts(tx, actor.tenantId, [{ name: input.name, phone, email: input.email ?? null, address: input.address ?? null, notes: input.notes ?? null }], {
            source: 'manual',
            at: now,
            actor,
            assignedTo: chosen,
          });
          return { row, contact: await this.load(tx, actor, row.id) };
        }),
      );
      await this.leadNotices.announce(actor.tenantId, actor.userId, [created.row]);
      return created.contact;
    } catch (err) {
      // two requests racing past the check above meet the unique index instead
      if (!isUniqueViolation(err, 'contacts_tenant_phone_unique')) throw err;
      const existing = await this.db.tenant(actor.tenantId, async (tx) => this.contacts.findByPhone(tx, actor.tenantId, await this.normalizePhone(tx, actor, input.phone)));
      if (existing) throw this.duplicatePhone(actor, existing);
      throw err;
    }
  }

  /**
   * Save the profile: contact details, deal, shipping and products (the list is replaced). The
   * phone is read-only. The amount follows the deal amount rule (resolveDealAmount). A change of
   * the pipeline status is recorded in the same transaction (from, to, who, when, and `lostReason`
   * for a move to lost), whichever screen made it, and so is a change of the shipping status; a
   * changed deal is announced after the commit.
   */
  async update(actor: TenantActor, id: string, input: UpdateContactRequest, options: { lostReason?: string | null; onlyIfDeal?: boolean } = {}): Promise<Contact> {
    const now = this.clock.now();
    let reached: MinimumReached[] = [];
    let change: DealChange | null = null;
    const saved = await retryOnDeadlock(() =>
      this.db.tenant(actor.tenantId, async (tx) => {
        reached = [];
        change = null;
        // the row lock serialises saves of one deal, so the stock moves of DealLines happen exactly once
        const row = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, id, { forUpdate: true }));
        // checked on the locked row, so a board's move needs no read of its own before the save
        if (options.onlyIfDeal && row.stage !== 'sales') {
          throw ApiError.conflict('This contact is not a deal in the pipeline (move it to sales first).', 'status').withCode('deal.not_in_pipeline');
        }
        const patch = contactPatch(input, now);
        if (patch.shippingCompanyId && !(await this.shipping.findById(tx, actor.tenantId, patch.shippingCompanyId))) {
          throw ApiError.badRequest('Shipping company not found: choose one from the list.', 'salesData.shippingDetails.company').withCode('contact.shipping_company_missing');
        }
        const status = patch.pipelineStatus !== undefined ? patch.pipelineStatus : row.pipelineStatus;
        const deal = await this.dealLines.save(
          tx,
          actor.tenantId,
          { id, wasWon: row.pipelineStatus === 'won', isWon: status === 'won', amount: row.dealAmount, amountManual: row.dealAmountManual },
          { products: input.products, amount: input.salesData?.amount, amountManual: input.salesData?.amountManual },
        );
        if (deal.amount) {
          patch.dealAmount = deal.amount.amount;
          patch.dealAmountManual = deal.amount.manual;
        }
        reached = deal.reached;
        await this.contacts.update(tx, actor.tenantId, id, patch);
        const fromStatus = row.pipelineStatus as PipelineStatus | null;
        if (status && status !== fromStatus) {
          await this.pipelineHistory.record(tx, {
            tenantId: actor.tenantId,
            contactId: id,
            fromStatus,
            toStatus: status as PipelineStatus,
            lostReason: status === 'lost' ? (options.lostReason ?? null) : null,
            changedBy: actor.userId,
            changedAt: now,
          });
        }
        if (patch.shippingStatus !== undefined && patch.shippingStatus !== row.shippingStatus) {
          await this.shippingHistory.record(tx, {
            tenantId: actor.tenantId,
            contactId: id,
            fromStatus: row.shippingStatus,
            toStatus: patch.shippingStatus,
            reason: null,
            changedBy: actor.userId,
            changedAt: now,
          });
        }
        const amount = patch.dealAmount !== undefined ? patch.dealAmount : row.dealAmount;
        if (row.stage === 'sales' && (status !== fromStatus || amount !== row.dealAmount)) {
          change = dealChange(actor.tenantId, row, { status: (status ?? 'new') as PipelineStatus, amount });
        }
        return this.load(tx, actor, id);
      }),
    );
    if (change) await this.events.emit('contacts.deal_changed', change);
    await this.dealLines.notifyMinimumReached(actor.tenantId, reached);
    return saved;
  }

  /** lead→customer, customer→sales, customer|sales→lead; each move is written to the history with who made it. */
  async changeStage(actor: TenantActor, id: string, input: ChangeStageRequest): Promise<Contact> {
    const now = this.clock.now();
    let change: DealChange | null = null;
    const saved = await retryOnDeadlock(() =>
      this.db.tenant(actor.tenantId, async (tx) => {
        change = null;
        const row = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, id, { forUpdate: true }));
        const from = (row.stage || 'lead') as ChangeStageRequest['stage'];
        const refused = stageChangeError(from, input.stage);
        if (refused) throw ApiError.conflict(refused, 'stage').withCode('contact.stage_move_refused', { from, to: input.stage });
        const patch: ContactPatch = { stage: input.stage, updatedAt: now };
        // a new deal starts in the first pipeline status
        if (input.stage === 'sales' && !row.pipelineStatus) patch.pipelineStatus = 'new';
        await this.contacts.update(tx, actor.tenantId, id, patch);
        await this.contacts.insertStageHistory(tx, [{ tenantId: actor.tenantId, contactId: id, fromStage: from, toStage: input.stage, changedBy: actor.userId, changedAt: now }]);
        if (patch.pipelineStatus) {
          await this.pipelineHistory.record(tx, {
            tenantId: actor.tenantId,
            contactId: id,
            fromStatus: null,
            toStatus: patch.pipelineStatus as PipelineStatus,
            lostReason: null,
            changedBy: actor.userId,
            changedAt: now,
          });
        }
        const status = (patch.pipelineStatus ?? row.pipelineStatus ?? 'new') as PipelineStatus;
        if ((from === 'sales') !== (input.stage === 'sales')) {
          change = dealChange(actor.tenantId, row, input.stage === 'sales' ? { status, amount: row.dealAmount } : null);
        }
        return this.load(tx, actor, id);
      }),
    );
    // after the commit: open boards add or drop the deal
    if (change) await this.events.emit('contacts.deal_changed', change);
    return saved;
  }

  /**
   * Sets a deal's shipping status on the contact's own answer (the cash-on-delivery confirmation),
   * in the caller's transaction so the answer and its effect commit together, and notes it in the
   * deal's history: no acting user, so no visibility rule. False when the contact is gone.
   */
  async setShippingStatusByContact(tx: TenantTx, tenantId: string, id: string, status: 'processing' | 'cancelled'): Promise<boolean> {
    const now = this.clock.now();
    const row = await this.contacts.findById(tx, tenantId, id, { forUpdate: true });
    if (!row) return false;
    await this.contacts.update(tx, tenantId, id, { shippingStatus: status, updatedAt: now });
    const reason = status === 'processing' ? 'order_confirmed' : 'order_cancelled';
    await this.shippingHistory.record(tx, { tenantId, contactId: id, fromStatus: row.shippingStatus, toStatus: status, reason, changedBy: null, changedAt: now });
    return true;
  }

  async remove(actor: TenantActor, id: string): Promise<{ message: string }> {
    if (!may(actor, 'contacts.delete')) {
      throw ApiError.forbidden('Only admins can delete contacts.').withCode('permission_denied', { permission: 'contacts.delete' });
    }
    const deleted = await retryOnDeadlock(() => this.db.tenant(actor.tenantId, (tx) => this.contacts.delete(tx, actor.tenantId, id)));
    if (!deleted) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
    // after the commit: open boards drop a deleted deal and correct their totals
    if (deleted.stage === 'sales') {
      await this.events.emit('contacts.deal_changed', {
        tenantId: actor.tenantId,
        contactId: id,
        assignedTo: deleted.assignedTo,
        before: { status: (deleted.pipelineStatus ?? 'new') as PipelineStatus, amount: deleted.dealAmount },
        after: null,
      });
    }
    return { message: 'Contact deleted.' };
  }

  /** Admins give contacts to an active sales user: all of them, or none when one id is unknown. */
  async assignBulk(actor: TenantActor, input: AssignBulkRequest): Promise<{ message: string; assigned: number }> {
    if (!may(actor, 'contacts.assign')) {
      throw ApiError.forbidden(ONLY_ADMINS_ASSIGN).withCode('permission_denied', { permission: 'contacts.assign' });
    }
    const ids = [...new Set(input.leadIds)];
    const now = this.clock.now();
    let given: AssignedLead[] = [];
    const { result, previous } = await retryOnDeadlock(() =>
      this.db.tenant(actor.tenantId, async (tx) => {
        const user = await this.activeSalesUser(tx, actor, input.salesId, 'salesId');
        const previous = await this.contacts.assign(tx, actor.tenantId, ids, user.id, now);
        const assigned = previous.size;
        // one lead's notice names it; several make one line that needs no names
        const one = ids.length === 1 ? await this.contacts.findById(tx, actor.tenantId, ids[0]) : undefined;
        given = ids.map((id) => ({ id, name: one?.name ?? null, phone: one?.phone ?? '', assignedTo: user.id }));
        if (assigned < ids.length) {
          const missing = ids.length - assigned;
          throw ApiError.notFound(`${missing} of the selected leads ${missing === 1 ? 'was' : 'were'} not found; nothing was assigned. Reload the list and try again.`).withCode(
            'contact.assign_missing',
            { count: missing },
          );
        }
        return { result: { message: `${assigned} lead${assigned === 1 ? '' : 's'} assigned to ${user.name}`, assigned }, previous };
      }),
    );
    // after the commit: the chat lists of the new and the previous owners follow (the messenger listens)
    await this.events.emit('contacts.reassigned', { tenantId: actor.tenantId, previousAssignees: previous });
    // only leads that changed hands ring the new owner's bell
    await this.leadNotices.announce(
      actor.tenantId,
      actor.userId,
      given.filter((lead) => previous.get(lead.id) !== lead.assignedTo),
    );
    return result;
  }

  // ------------------------------------------------------------------ helpers (also used by the import)

  async defaultCountry(tx: TenantTx, actor: TenantActor): Promise<string> {
    return (await this.tenants.getSettings(tx, actor.tenantId))?.defaultCountry ?? DEFAULT_COUNTRY;
  }

  private async normalizePhone(tx: TenantTx, actor: TenantActor, input: string): Promise<string> {
    const result = normalizePhone(input, await this.defaultCountry(tx, actor));
    if (!result.ok) throw ApiError.badRequest(result.error, 'phone').withCode('contact.phone_invalid');
    return result.e164;
  }

  /** The existing contact is named to whoever may see it; others learn only whose it is. */
  private duplicatePhone(actor: TenantActor, existing: ContactRecord): ApiError {
    if (canSeeContact(actor, existing)) {
      const label = existing.name ? `${existing.name} (${existing.phone})` : existing.phone;
      return ApiError.conflict(`A contact with this phone number already exists: ${label}.`, 'phone').withCode('contact.phone_taken', {
        contactId: existing.id,
        label,
      });
    }
    const owner = existing.assignedName ? `assigned to ${existing.assignedName}` : 'not assigned to anyone yet';
    return ApiError.conflict(`A contact with this phone number already exists (${owner}).`, 'phone').withCode('contact.phone_taken', {
      ...(existing.assignedName ? { assignedName: existing.assignedName } : {}),
    });
  }

  private async activeSalesUser(tx: TenantTx, actor: TenantActor, userId: string, field: string) {
    const user = await this.users.findById(tx, actor.tenantId, userId);
    if (!user || !can(user.role as Role, 'leads.receive') || !user.isActive) throw ApiError.badRequest('Choose an active sales user of your company.', field).withCode('contact.assignee_invalid');
    return user;
  }

  private async load(tx: TenantTx, actor: TenantActor, id: string): Promise<Contact> {
    const row = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, id));
    const lines = await this.deals.dealProducts(tx, actor.tenantId, [id]);
    const history = await this.contacts.stageHistory(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    const pipeline = await this.pipelineHistory.history(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    const handOvers = await this.handOvers.history(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    const shipping = await this.shippingHistory.history(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    return toContactDto(row, lines, history, pipeline, handOvers, shipping);
  }
}

/** A deal's change for the event: `before` from the row as it was (a deal only in the sales stage). */
function dealChange(tenantId: string, row: ContactRecord, after: DealChange['after']): DealChange {
  return {
    tenantId,
    contactId: row.id,
    assignedTo: row.assignedTo,
    before: row.stage === 'sales' ? { status: (row.pipelineStatus ?? 'new') as PipelineStatus, amount: row.dealAmount } : null,
    after,
  };
}
