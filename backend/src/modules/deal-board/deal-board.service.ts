import { Injectable } from '@nestjs/common';
import {
  PIPELINE_STATUSES,
  dayRange,
  daysInStatus,
  isDealStale,
  phoneSearchDigits,
  roundMoney,
  type Contact,
  type DealBoard,
  type DealBoardQuery,
  type DealBoardSettings,
  type DealCard,
  type DealColumn,
  type DealColumnQuery,
  type MoveDealRequest,
  type PipelineStatus,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { visibleAssigneeFor } from '../contacts/contact-access.js';
import { ContactQueriesRepository, type ContactListFilter, type ContactScope } from '../contacts/contact-queries.repository.js';
import { LabelsRepository } from '../labels/labels.repository.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { DealBoardRepository, type BoardSettingsRow, type DealCardRecord } from './deal-board.repository.js';

/** A rep's board holds only their own deals, as their table does. */
const scopeOf = (actor: TenantActor): ContactScope => ({ tenantId: actor.tenantId, onlyAssignedTo: visibleAssigneeFor(actor) });

const NEWEST_FIRST = { by: 'createdAt', order: 'desc' } as const;

/**
 * The sales pipeline as columns. Reads go through the contacts module's list queries (the same
 * filter, visibility and indexes as the table, so the board and the table always agree); a move
 * goes through the contacts module's deal save (visibility, stock for won deals), which records it
 * with who, when and the lost reason in the same transaction.
 */
@Injectable()
export class DealBoardService {
  constructor(
    private readonly db: Database,
    private readonly queries: ContactQueriesRepository,
    private readonly contactsService: ContactsService,
    private readonly board: DealBoardRepository,
    private readonly clock: Clock,
    private readonly labels: LabelsRepository,
  ) {}

  /** Every column's count and total over the whole filter, with its first page of cards. */
  async load(actor: TenantActor, query: DealBoardQuery): Promise<DealBoard> {
    const scope = scopeOf(actor);
    const filter = toFilter(query);
    return this.db.tenant(actor.tenantId, async (tx) => {
      const totals = await this.queries.pipelineTotals(tx, scope, filter);
      const settings = await this.board.settings(tx, actor.tenantId);
      const counted = new Map(totals.map((t) => [t.status, t]));
      // every column's first page in one query (an empty column reads nothing)
      const firstPages = await this.queries.statusPageIds(
        tx,
        scope,
        filter,
        NEWEST_FIRST,
        PIPELINE_STATUSES.filter((status) => counted.get(status)?.count).map((status) => ({ status, offset: 0 })),
        query.limit + 1,
      );
      const pages = PIPELINE_STATUSES.map((status) => ({ status, count: counted.get(status)?.count ?? 0, amount: counted.get(status)?.amount ?? 0, ids: firstPages.get(status) ?? [] }));
      const cards = await this.cards(
        tx,
        actor.tenantId,
        pages.flatMap((p) => p.ids.slice(0, query.limit)),
        settings,
      );
      return { columns: pages.map((p) => column(p.status, p.count, p.amount, 1, p.ids, query.limit, cards)) };
    });
  }

  /** One more page of one column (newest first), with the column's count and total. */
  async column(actor: TenantActor, status: PipelineStatus, query: DealColumnQuery): Promise<DealColumn> {
    const scope = scopeOf(actor);
    const filter = toFilter(query);
    return this.db.tenant(actor.tenantId, async (tx) => {
      const [total] = await this.queries.pipelineTotals(tx, scope, { ...filter, pipelineStatus: status });
      const ids = await this.pageIds(tx, scope, filter, status, query.page, query.limit);
      const cards = await this.cards(tx, actor.tenantId, ids.slice(0, query.limit), await this.board.settings(tx, actor.tenantId));
      return column(status, total?.count ?? 0, total?.amount ?? 0, query.page, ids, query.limit, cards);
    });
  }

  /**
   * Move a deal to another status. The contacts module saves it (a rep may move only their own
   * deals: 403/404 otherwise; a won deal takes its products out of stock as the profile does) and
   * records the move with who, when and — for lost — why. Moving to lost needs a reason.
   */
  async move(actor: TenantActor, id: string, input: MoveDealRequest): Promise<Contact> {
    if (input.status === 'lost' && !input.lostReason) {
      throw ApiError.badRequest('Say why the deal was lost: choose a reason or type one.', 'lostReason').withCode('deal.lost_reason_required');
    }
    // a move to the status the deal already has saves nothing and records nothing
    return this.contactsService.update(actor, id, { salesData: { pipeline_status: input.status } }, { lostReason: input.lostReason, onlyIfDeal: true });
  }

  async settings(actor: TenantActor): Promise<DealBoardSettings> {
    return this.db.tenant(actor.tenantId, (tx) => this.board.settings(tx, actor.tenantId));
  }

  async saveSettings(actor: TenantActor, input: DealBoardSettings): Promise<DealBoardSettings> {
    const staleDays: BoardSettingsRow['staleDays'] = {};
    for (const status of PIPELINE_STATUSES) {
      const days = input.staleDays[status];
      if (days != null) staleDays[status] = days;
    }
    // the same reason twice (in any case) is one reason: the first spelling stays
    const seen = new Set<string>();
    const lostReasons = input.lostReasons.filter((r) => !seen.has(r.toLocaleLowerCase()) && !!seen.add(r.toLocaleLowerCase()));
    await this.db.tenant(actor.tenantId, (tx) => this.board.saveSettings(tx, actor.tenantId, { staleDays, lostReasons }, this.clock.now()));
    return { staleDays, lostReasons };
  }

  /** One page plus one id more, which tells whether the column has more. */
  private pageIds(tx: TenantTx, scope: ContactScope, filter: ContactListFilter, status: PipelineStatus, page: number, limit: number) {
    return this.queries.pageIds(tx, scope, { ...filter, pipelineStatus: status }, NEWEST_FIRST, (page - 1) * limit, limit + 1);
  }

  /** One deal's card as every board shows it (for the live updates; null once it is not a deal). */
  async card(tenantId: string, contactId: string): Promise<DealCard | null> {
    return this.db.tenant(tenantId, async (tx) => {
      const cards = await this.cards(tx, tenantId, [contactId], await this.board.settings(tx, tenantId));
      return cards.get(contactId) ?? null;
    });
  }

  /** Several deals' cards (the contacts that are deals among `ids`), for a live push about many. */
  async cardsOf(tenantId: string, ids: string[]): Promise<Map<string, DealCard>> {
    return this.db.tenant(tenantId, async (tx) => this.cards(tx, tenantId, ids, await this.board.settings(tx, tenantId)));
  }

  private async cards(tx: TenantTx, tenantId: string, ids: string[], settings: BoardSettingsRow): Promise<Map<string, DealCard>> {
    const rows = (await this.board.dealCards(tx, tenantId, ids)).filter((row) => row.stage === 'sales');
    const labels = await this.labels.labelIdsByContact(tx, tenantId, ids);
    const now = this.clock.now();
    return new Map(rows.map((row) => [row.id, { ...toCard(row, now, settings), labelIds: labels.get(row.id) ?? [] }]));
  }
}

function toFilter(query: DealBoardQuery): ContactListFilter {
  const range = dayRange(query.from, query.to, query.tz);
  if (range.gte && range.lt && range.gte.getTime() >= range.lt.getTime()) {
    throw ApiError.badRequest('From date must be on or before To date', 'from').withCode('date_range.invalid');
  }
  return {
    stage: 'sales',
    q: query.q,
    phoneDigits: query.q ? phoneSearchDigits(query.q) : undefined,
    createdFrom: range.gte,
    createdBefore: range.lt,
    assignedTo: query.assignedTo,
    productId: query.productId,
    labels: query.labels?.length ? { labelIds: query.labels, match: query.labelMatch } : undefined,
  };
}

function column(status: PipelineStatus, count: number, amount: number, page: number, ids: string[], limit: number, cards: Map<string, DealCard>): DealColumn {
  const items = ids.slice(0, limit).flatMap((id) => cards.get(id) ?? []);
  return { status, count, amount: roundMoney(amount), page, items, hasMore: ids.length > limit };
}

function toCard(row: DealCardRecord, now: Date, settings: BoardSettingsRow): DealCard {
  const status = (row.pipelineStatus ?? 'new') as PipelineStatus;
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    status,
    amount: row.dealAmount,
    products: row.products,
    assignedTo: row.assignedTo && row.assignedName ? { _id: row.assignedTo, name: row.assignedName } : null,
    createdAt: row.createdAt.toISOString(),
    enteredStatusAt: row.enteredAt.toISOString(),
    daysInStatus: daysInStatus(row.enteredAt, now),
    stale: isDealStale(row.enteredAt, now, settings.staleDays[status]),
  };
}
