import { Injectable } from '@nestjs/common';
import { DEFAULT_COUNTRY, normalizePhone, stageChangeError, type ChangeStageRequest, type Contact, type CreateContactRequest, type PipelineStatus, type UpdateContactRequest } from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { ApiError } from '../../platform/http/api-error.js';
import type { MinimumReached } from '../products/products.service.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { assertCanSeeContact, canSeeContact } from './contact-access.js';
import { ContactCreationService } from './contact-creation.service.js';
import { ContactProfiles } from './contact-profiles.js';
import type { DealChange } from './contact-events.js';
import { contactPatch } from './contact-patch.js';
import { ContactsRepository, type ContactPatch, type ContactRecord } from './contacts.repository.js';
import { DealUpdates } from './deal-updates.js';
import { LeadAssignmentService } from './lead-assignment.service.js';

/**
 * Leads, customers and sales deals, one at a time (the lists, stats and export: ContactListsService;
 * the bulk assignment: LeadAssignmentService). Every method takes the acting user first and applies
 * the visibility rule: admins see all of their company's contacts, sales users only those assigned
 * to them. What a change does to the deal (lines, stock, histories, the boards) is DealUpdates'.
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly tenants: TenantsRepository,
    private readonly clock: Clock,
    private readonly creation: ContactCreationService,
    private readonly profiles: ContactProfiles,
    private readonly deals: DealUpdates,
    private readonly assignment: LeadAssignmentService,
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
          const chosen = may(actor, 'contacts.assign') && input.assignedTo ? (await this.assignment.activeSalesUser(tx, actor, input.assignedTo, 'assignedTo')).id : undefined;

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
      await this.assignment.announce(actor.tenantId, actor.userId, [created.row]);
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
        const status = patch.pipelineStatus !== undefined ? patch.pipelineStatus : row.pipelineStatus;
        reached = await this.deals.saveLines(tx, actor.tenantId, row, input, patch, status);
        await this.contacts.update(tx, actor.tenantId, id, patch);
        await this.deals.recordSave(tx, actor, row, patch, status, options.lostReason, now);
        const fromStatus = row.pipelineStatus as PipelineStatus | null;
        const amount = patch.dealAmount !== undefined ? patch.dealAmount : row.dealAmount;
        if (row.stage === 'sales' && (status !== fromStatus || amount !== row.dealAmount)) {
          change = dealChange(actor.tenantId, row, { status: (status ?? 'new') as PipelineStatus, amount });
        }
        if (row.stage === 'sales' && status === 'won' && fromStatus !== 'won') await this.deals.recordWon(tx, actor.tenantId, id, now);
        return this.load(tx, actor, id);
      }),
    );
    if (change) await this.deals.announce(change);
    await this.deals.notifyMinimumReached(actor.tenantId, reached);
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
          await this.deals.recordStatus(tx, {
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
    if (change) await this.deals.announce(change);
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
    await this.deals.recordShipping(tx, { tenantId, contactId: id, fromStatus: row.shippingStatus, toStatus: status, reason, changedBy: null, changedAt: now });
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
      await this.deals.announce({
        tenantId: actor.tenantId,
        contactId: id,
        assignedTo: deleted.assignedTo,
        before: { status: (deleted.pipelineStatus ?? 'new') as PipelineStatus, amount: deleted.dealAmount },
        after: null,
      });
    }
    return { message: 'Contact deleted.' };
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

  private load(tx: TenantTx, actor: TenantActor, id: string): Promise<Contact> {
    return this.profiles.read(tx, actor, id);
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
