import { Injectable, Logger } from '@nestjs/common';
import {
  CONTACT_EXPORT_MAX_ROWS,
  DEFAULT_COUNTRY,
  can,
  type Role,
  PIPELINE_STATUSES,
  STAGE_HISTORY_SHOWN,
  averageDealSize,
  conversionRate,
  dayIn,
  dayRange,
  normalizePhone,
  phoneSearchDigits,
  resolveDealAmount,
  roundMoney,
  winRate,
  stageChangeError,
  type AssignBulkRequest,
  type ChangeStageRequest,
  type Contact,
  type ContactFilters,
  type ContactList,
  type ContactStats,
  type ContactStatsQuery,
  type ContactsExportQuery,
  type ContactsQuery,
  type CreateContactRequest,
  type PipelineTotals,
  type UpdateContactRequest,
} from '@crm/common';
import { may, type TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { ChatsService } from '../chats/chats.service.js';
import { Database } from '../../platform/db/database.service.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { retryOnDeadlock } from '../../platform/db/retry-on-deadlock.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ProductsRepository } from '../products/products.repository.js';
import { ProductsService, type MinimumReached } from '../products/products.service.js';
import { ShippingRepository } from '../shipping/shipping.repository.js';
import { TenantsRepository } from '../tenants/tenants.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { ContactCreation } from './contact-creation.service.js';
import { LeadAssignmentNotices, type AssignedLead } from './lead-assignment-notices.js';
import { byContact, toContactDto } from './contact.mapper.js';
import { assertCanSeeContact, canSeeContact, visibleAssigneeFor } from './contact-access.js';
import { contactsTable } from './contacts-export.js';
import { setImmediate as yieldToOtherRequests } from 'node:timers/promises';
import { ContactsWorkerPool } from './contacts-worker.pool.js';
import {
  ContactsRepository,
  type ContactListFilter,
  type ContactPatch,
  type ContactRecord,
  type ContactScope,
  type DealLineRow,
} from './contacts.repository.js';

/** Rows read per turn of the event loop while exporting. */
const EXPORT_CHUNK = 1_000;
const ONLY_ADMINS_ASSIGN = 'Only admins can assign leads.';

/**
 * Leads, customers and sales deals. Every method takes the acting user first and applies the
 * visibility rule: admins see all of their company's contacts, sales users only those assigned
 * to them (others answer "not found", so their existence does not leak).
 */
@Injectable()
export class ContactsService {
  constructor(
    private readonly db: Database,
    private readonly contacts: ContactsRepository,
    private readonly users: UsersRepository,
    private readonly products: ProductsRepository,
    private readonly productsService: ProductsService,
    private readonly shipping: ShippingRepository,
    private readonly tenants: TenantsRepository,
    private readonly clock: Clock,
    private readonly chats: ChatsService,
    private readonly workers: ContactsWorkerPool,
    private readonly creation: ContactCreation,
    private readonly leadNotices: LeadAssignmentNotices,
  ) {}

  private readonly logger = new Logger('Contacts');

  // ------------------------------------------------------------------ reading

  async list(actor: TenantActor, query: ContactsQuery): Promise<ContactList> {
    const scope = this.scope(actor);
    const filter = this.filter(query);
    const sort = { by: query.sortBy, order: query.order };
    const offset = (query.page - 1) * query.limit;
    return this.db.tenant(actor.tenantId, async (tx) => {
      // the totals count the same set, so they also give the total
      const totals = query.withTotals ? toTotals(await this.contacts.pipelineTotals(tx, scope, filter)) : undefined;
      let ids: string[];
      let total: number;
      const search = filter.q ? await this.contacts.searchPage(tx, scope, { ...filter, q: filter.q }, sort, offset, query.limit) : undefined;
      if (search) ({ ids, total } = search);
      else {
        ids = filter.q ? [] : await this.contacts.pageIds(tx, scope, filter, sort, offset, query.limit);
        // a page that is not full tells the total without counting
        total = totals
          ? totals.count
          : ids.length > 0 && ids.length < query.limit
            ? offset + ids.length
            : offset === 0 && ids.length === 0
              ? 0
              : await this.contacts.count(tx, scope, filter);
      }
      const rows = await this.contacts.findManyByIds(tx, actor.tenantId, ids);
      const lines = byContact(await this.contacts.dealProducts(tx, actor.tenantId, ids));
      const result: ContactList = { items: rows.map((r) => toContactDto(r, lines.get(r.id) ?? [])), total };
      if (totals) result.totals = totals;
      return result;
    });
  }

  /**
   * The dashboard's cards over the contacts created in the period (each in its current stage):
   * leads, customers and deals; salesAmount = sales revenue (the won deals' amounts) and
   * conversionRate = won deals ÷ all contacts of the period — the definitions of
   * `common/rules/kpis.ts`, the same the pipeline's Won tile and the reports use.
   * A sales user gets the figures of their own contacts.
   */
  async stats(actor: TenantActor, query: ContactStatsQuery): Promise<ContactStats> {
    const { createdFrom, createdBefore } = this.filter({ ...query });
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.contacts.stats(tx, this.scope(actor), { createdFrom, createdBefore }));
    const of = (stage: string) => rows.find((r) => r.stage === stage);
    const sales = of('sales');
    const all = rows.reduce((n, r) => n + r.count, 0);
    return {
      leads: of('lead')?.count ?? 0,
      customers: of('customer')?.count ?? 0,
      sales: sales?.count ?? 0,
      salesAmount: roundMoney(sales?.wonAmount ?? 0),
      conversionRate: conversionRate(sales?.won ?? 0, all),
    };
  }

  async get(actor: TenantActor, id: string): Promise<Contact> {
    return this.db.tenant(actor.tenantId, (tx) => this.load(tx, actor, id));
  }

  /**
   * The rows the filter selects, as an .xlsx workbook; refused (never cut) above the export limit.
   * The ids come first (one index-only read), then the rows in chunks with a turn of the event loop
   * between them, so a 10,000-row export never holds up other users' requests for long (issue 17);
   * the workbook itself is written in the worker pool.
   */
  async export(actor: TenantActor, query: ContactsExportQuery): Promise<{ filename: string; content: Buffer; rows: number }> {
    const scope = this.scope(actor);
    const filter = this.filter(query);
    const sort = { by: query.sortBy, order: query.order };
    const table = await this.db.tenant(actor.tenantId, async (tx) => {
      const ids = await this.contacts.pageIds(tx, scope, filter, sort, 0, CONTACT_EXPORT_MAX_ROWS + 1);
      if (ids.length > CONTACT_EXPORT_MAX_ROWS) {
        throw ApiError.badRequest(
          `An export is limited to ${CONTACT_EXPORT_MAX_ROWS.toLocaleString('en-US')} contacts and this filter selects more. Narrow the filters (dates, stage, assignee) and export in parts.`,
        ).withCode('contact.export_too_large', { max: CONTACT_EXPORT_MAX_ROWS });
      }
      // column heads in the exporting user's language (issue 10)
      const language = await this.contacts.userLanguage(tx, actor.userId);
      const whole = contactsTable([], new Map(), query.tz, language);
      for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
        if (i) await yieldToOtherRequests();
        const chunk = ids.slice(i, i + EXPORT_CHUNK);
        const rows = await this.contacts.exportRecords(tx, actor.tenantId, chunk);
        const part = contactsTable(rows, byContact(await this.contacts.dealProducts(tx, actor.tenantId, chunk)), query.tz, language);
        whole.rows.push(...part.rows);
        whole.created.push(...part.created);
      }
      return whole;
    });
    const now = this.clock.now();
    const content = await this.workers.writeExport(table);
    return { filename: `leads_${dayIn(now, query.tz)}.xlsx`, content, rows: table.rows.length };
  }

  // ------------------------------------------------------------------ writing

  /**
   * Add a lead by hand, through the one way contacts are created (ContactCreation): a sales user's
   * lead is theirs; an admin may choose the assignee, else the company's lead distribution decides.
   */
  async create(actor: TenantActor, input: CreateContactRequest): Promise<Contact> {
    const now = this.clock.now();
    try {
      const created = await retryOnDeadlock(() => this.db.tenant(actor.tenantId, async (tx) => {
        const phone = await this.normalizePhone(tx, actor, input.phone);
        const chosen =
          may(actor, 'contacts.assign') && input.assignedTo ? (await this.activeSalesUser(tx, actor, input.assignedTo, 'assignedTo')).id : undefined;

        const existing = await this.contacts.findByPhone(tx, actor.tenantId, phone);
        if (existing) throw this.duplicatePhone(actor, existing);
        const [row] = await this.creation.createContacts(
          tx,
          actor.tenantId,
          [{ name: input.name, phone, email: input.email ?? null, address: input.address ?? null, notes: input.notes ?? null }],
          { source: 'manual', at: now, actor, assignedTo: chosen },
        );
        return { row, contact: await this.load(tx, actor, row.id) };
      }));
      await this.leadNotices.announce(actor.tenantId, actor.userId, [created.row]);
      return created.contact;
    } catch (err) {
      // two requests racing past the check above meet the unique index instead
      if (!isUniqueViolation(err, 'contacts_tenant_phone_unique')) throw err;
      const existing = await this.db.tenant(actor.tenantId, async (tx) =>
        this.contacts.findByPhone(tx, actor.tenantId, await this.normalizePhone(tx, actor, input.phone)),
      );
      if (existing) throw this.duplicatePhone(actor, existing);
      throw err;
    }
  }

  /**
   * Save the profile: contact details, deal, shipping and products (the list is replaced). The
   * phone is read-only. The amount follows the deal amount rule (resolveDealAmount).
   */
  async update(actor: TenantActor, id: string, input: UpdateContactRequest): Promise<Contact> {
    const now = this.clock.now();
    let reached: MinimumReached[] = [];
    const saved = await retryOnDeadlock(() => this.db.tenant(actor.tenantId, async (tx) => {
      reached = [];
      // the row lock serialises saves of one deal, so the stock moves below happen exactly once
      const row = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, id, { forUpdate: true }));
      const patch: ContactPatch = { updatedAt: now };
      if (input.name !== undefined) patch.name = input.name;
      if (input.email !== undefined) patch.email = input.email;
      if (input.address !== undefined) patch.address = input.address;
      if (input.notes !== undefined) patch.notes = input.notes;
      if (input.isArchived !== undefined) patch.isArchived = input.isArchived;

      const sd = input.salesData;
      if (sd?.pipeline_status !== undefined) patch.pipelineStatus = sd.pipeline_status;
      if (sd?.probability !== undefined) patch.probability = sd.probability;
      const ship = sd?.shippingDetails;
      if (ship?.company !== undefined) {
        if (ship.company && !(await this.shipping.findById(tx, actor.tenantId, ship.company))) {
          throw ApiError.badRequest('Shipping company not found: choose one from the list.', 'salesData.shippingDetails.company').withCode(
            'contact.shipping_company_missing',
          );
        }
        patch.shippingCompanyId = ship.company;
      }
      if (ship?.trackingNumber !== undefined) patch.shippingTrackingNumber = ship.trackingNumber;
      if (ship?.cost !== undefined) patch.shippingCost = ship.cost;
      if (ship?.codAmount !== undefined) patch.codAmount = ship.codAmount;
      if (ship?.codCollected !== undefined) patch.codCollected = ship.codCollected;
      if (ship?.status !== undefined) patch.shippingStatus = ship.status;
      if (ship?.address?.governorate !== undefined) patch.shippingGovernorate = ship.address.governorate;
      if (ship?.address?.city !== undefined) patch.shippingCity = ship.address.city;
      if (ship?.address?.street !== undefined) patch.shippingStreet = ship.address.street;

      const wasWon = row.pipelineStatus === 'won';
      const isWon = (patch.pipelineStatus !== undefined ? patch.pipelineStatus : row.pipelineStatus) === 'won';
      const before = (wasWon || isWon) && input.products !== undefined ? await this.contacts.dealProducts(tx, actor.tenantId, [id]) : undefined;
      let lines: DealLineRow[] | undefined;
      if (input.products !== undefined) {
        const found = new Map(
          (await this.products.findByIds(tx, actor.tenantId, [...new Set(input.products.map((p) => p.productId))])).map((p) => [p.id, p]),
        );
        // a deleted (archived) product stays on the deals that had it, but is not added to another
        const kept = [...found.values()].some((p) => p.archivedAt)
          ? new Set((before ?? (await this.contacts.dealProducts(tx, actor.tenantId, [id]))).map((l) => l.product?.id))
          : new Set<string | undefined>();
        lines = input.products.map((p, i) => {
          const product = found.get(p.productId);
          if (!product || (product.archivedAt && !kept.has(product.id))) throw ApiError.badRequest(`Product ${i + 1} was not found: choose it again from the list.`, `products.${i}.productId`).withCode(
              'contact.product_missing',
              { position: i + 1 },
            );
          return { productId: product.id, qty: p.qty, price: p.price ?? product.price };
        });
        await this.contacts.replaceDealProducts(tx, actor.tenantId, id, lines);
      }
      if (lines !== undefined || sd?.amount !== undefined || sd?.amountManual !== undefined) {
        const current = lines ?? (await this.contacts.dealProducts(tx, actor.tenantId, [id]));
        const amount = resolveDealAmount({
          lines: current,
          requestedAmount: sd?.amount,
          requestedManual: sd?.amountManual,
          current: { amount: row.dealAmount, manual: row.dealAmountManual },
        });
        patch.dealAmount = amount.amount;
        patch.dealAmountManual = amount.manual;
      }
      if (wasWon || isWon) {
        const previous = before ?? (await this.contacts.dealProducts(tx, actor.tenantId, [id]));
        const next = lines ?? previous.map((l) => ({ productId: l.product?.id ?? null, qty: l.qty }));
        const moves = stockMoves(wasWon ? previous.map((l) => ({ productId: l.product?.id ?? null, qty: l.qty })) : [], isWon ? next : []);
        reached = await this.productsService.moveStock(tx, actor.tenantId, moves);
      }
      await this.contacts.update(tx, actor.tenantId, id, patch);
      return this.load(tx, actor, id);
    }));
    if (reached.length) await this.productsService.notifyMinimumReached(actor.tenantId, reached);
    return saved;
  }

  /** lead→customer, customer→sales, customer|sales→lead; each move is written to the history with who made it. */
  async changeStage(actor: TenantActor, id: string, input: ChangeStageRequest): Promise<Contact> {
    const now = this.clock.now();
    return retryOnDeadlock(() => this.db.tenant(actor.tenantId, async (tx) => {
      const row = assertCanSeeContact(actor, await this.contacts.findById(tx, actor.tenantId, id, { forUpdate: true }));
      const from = (row.stage || 'lead') as ChangeStageRequest['stage'];
      const refused = stageChangeError(from, input.stage);
      if (refused) throw ApiError.conflict(refused, 'stage').withCode('contact.stage_move_refused', { from, to: input.stage });
      const patch: ContactPatch = { stage: input.stage, updatedAt: now };
      // a new deal starts in the first pipeline status
      if (input.stage === 'sales' && !row.pipelineStatus) patch.pipelineStatus = 'new';
      await this.contacts.update(tx, actor.tenantId, id, patch);
      await this.contacts.insertStageHistory(tx, [
        { tenantId: actor.tenantId, contactId: id, fromStage: from, toStage: input.stage, changedBy: actor.userId, changedAt: now },
      ]);
      return this.load(tx, actor, id);
    }));
  }

  async remove(actor: TenantActor, id: string): Promise<{ message: string }> {
    if (!may(actor, 'contacts.delete')) {
      throw ApiError.forbidden('Only admins can delete contacts.').withCode('permission_denied', { permission: 'contacts.delete' });
    }
    const deleted = await retryOnDeadlock(() => this.db.tenant(actor.tenantId, (tx) => this.contacts.delete(tx, actor.tenantId, id)));
    if (!deleted) throw ApiError.notFound('Contact not found.').withCode('contact.not_found');
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
          throw ApiError.notFound(
            `${missing} of the selected leads ${missing === 1 ? 'was' : 'were'} not found; nothing was assigned. Reload the list and try again.`,
          ).withCode('contact.assign_missing', { count: missing });
        }
        return { result: { message: `${assigned} lead${assigned === 1 ? '' : 's'} assigned to ${user.name}`, assigned }, previous };
      }),
    );
    // after the commit: the chat lists of the new and the previous owners follow
    await this.chats.pushReassigned(actor.tenantId, previous).catch((err) => this.logger.warn(`chat:update after assignment failed: ${err}`));
    // only leads that changed hands ring the new owner's bell
    await this.leadNotices.announce(actor.tenantId, actor.userId, given.filter((lead) => previous.get(lead.id) !== lead.assignedTo));
    return result;
  }

  // ------------------------------------------------------------------ helpers (also used by the import)

  scope(actor: TenantActor): ContactScope {
    return { tenantId: actor.tenantId, onlyAssignedTo: visibleAssigneeFor(actor) };
  }

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
    const lines = await this.contacts.dealProducts(tx, actor.tenantId, [id]);
    const history = await this.contacts.stageHistory(tx, actor.tenantId, id, STAGE_HISTORY_SHOWN);
    return toContactDto(row, lines, history);
  }

  private filter(q: Partial<ContactFilters>): ContactListFilter {
    const range = dayRange(q.from, q.to, q.tz);
    if (range.gte && range.lt && range.gte.getTime() >= range.lt.getTime()) throw ApiError.badRequest('From date must be on or before To date', 'from').withCode('date_range.invalid');
    return {
      stage: q.stage,
      q: q.q,
      phoneDigits: q.q ? phoneSearchDigits(q.q) : undefined,
      createdFrom: range.gte,
      createdBefore: range.lt,
      assignedTo: q.assignedTo,
      isArchived: q.isArchived,
      pipelineStatus: q.pipeline_status,
      productId: q.productId,
    };
  }
}

function toTotals(rows: { status: string; count: number; amount: number }[]): PipelineTotals {
  const byStatus = PIPELINE_STATUSES.map((status) => {
    const r = rows.find((x) => x.status === status);
    return { status, count: r?.count ?? 0, amount: roundMoney(r?.amount ?? 0) };
  });
  const count = rows.reduce((n, r) => n + r.count, 0);
  const amount = roundMoney(rows.reduce((n, r) => n + r.amount, 0));
  const won = byStatus.find((s) => s.status === 'won')!;
  return {
    count,
    amount,
    byStatus,
    won: { count: won.count, amount: won.amount },
    conversionRate: winRate(won.count, count),
    averageDeal: averageDealSize(amount, count),
  };
}

/**
 * Stock follows sales: what a won deal holds is out of stock. From what the deal held out of stock
 * before (its lines if it was won) to what it holds now (its lines if it is won), per product:
 * positive = take out, negative = put back.
 */
function stockMoves(taken: { productId: string | null; qty: number }[], toTake: { productId: string | null; qty: number }[]): Map<string, number> {
  const moves = new Map<string, number>();
  for (const l of taken) if (l.productId) moves.set(l.productId, (moves.get(l.productId) ?? 0) - l.qty);
  for (const l of toTake) if (l.productId) moves.set(l.productId, (moves.get(l.productId) ?? 0) + l.qty);
  return moves;
}
