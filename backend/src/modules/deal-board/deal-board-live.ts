import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { DealCard } from '@crm/common';
import type { DealChange } from '../contacts/contact-events.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { DealBoardService } from './deal-board.service.js';

/** How long a shutdown waits for the pushes still queued. */
const SHUTDOWN_WAIT_MS = 5_000;
/** Cards read per query for a reassignment of many contacts. */
const CHUNK = 500;

/**
 * Keeps every open board current: each deal change (a move from any screen, a new deal, a new
 * amount) is pushed as `deal:update` to the people who may see the deal, as its conversation is
 * (the company's admins and its assignee), with the card as the board shows it.
 *
 * The push runs after the change's answer, not before it: the change is committed when the event
 * comes, and the mover's own board already shows it, so reading the card again and emitting it
 * would only delay their answer (it was a third of a move's time). One deal's pushes keep the
 * order of its changes (a queue per deal), so a board never ends on an older card; a failed push
 * is logged, and the shutdown waits for the queued ones.
 *
 * A deal that changes hands (`contacts.reassigned`: bulk assignment, hand-over, a merge) is pushed
 * three ways, so each board ends right without a reload: the admins get the card with its new
 * assignee (it stays where it is), the new assignee gets it as a deal new to them (it appears), the
 * previous one as a deal gone from them (it leaves), each column's count and total following.
 */
@Injectable()
export class DealBoardLive implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('DealBoardLive');
  private unsubscribe?: () => void;
  /** The last queued push of each deal with pushes still to make. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly events: DomainEvents,
    private readonly realtime: RealtimeEmitter,
    private readonly board: DealBoardService,
  ) {}

  onModuleInit() {
    // returns nothing on purpose: the emitter (the request that changed the deal) does not wait
    const offChanged = this.events.on('contacts.deal_changed', (change) => {
      this.enqueue(change.tenantId, change.contactId, () => this.push(change));
    });
    const offReassigned = this.events.on('contacts.reassigned', ({ tenantId, previousAssignees }) => {
      void this.reassigned(tenantId, previousAssignees);
    });
    this.unsubscribe = () => {
      offChanged();
      offReassigned();
    };
  }

  async beforeApplicationShutdown() {
    this.unsubscribe?.();
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }

  /** Resolves once every change announced so far has been pushed (or has failed and been logged). */
  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }

  private enqueue(tenantId: string, contactId: string, push: () => Promise<void>) {
    const key = `${tenantId}:${contactId}`;
    const next = (this.queues.get(key) ?? Promise.resolve()).then(push);
    this.queues.set(key, next);
    void next.then(() => {
      if (this.queues.get(key) === next) this.queues.delete(key);
    });
  }

  /** Never rejects: a board that misses one update is corrected by its next load; the change itself is saved. */
  async push(change: DealChange): Promise<void> {
    try {
      const card = change.after ? await this.board.card(change.tenantId, change.contactId) : null;
      this.realtime.toContactAudience(change.tenantId, change.assignedTo, 'deal:update', {
        contactId: change.contactId,
        before: change.before,
        after: change.after,
        card,
      });
    } catch (err) {
      this.logger.warn(`deal:update for ${change.contactId} failed: ${err}`);
    }
  }

  /** Queues the pushes of the deals among the contacts that changed hands (contacts that are no deal push nothing). */
  private async reassigned(tenantId: string, previousAssignees: Map<string, string | null>) {
    const ids = [...previousAssignees.keys()];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      // queued before the read: a change of one of these deals made meanwhile is pushed after this one
      const read = this.board.cardsOf(tenantId, chunk).catch((err: unknown) => {
        this.logger.warn(`deal:update for ${chunk.length} reassigned contact(s) failed: ${err}`);
        return new Map<string, DealCard>();
      });
      for (const id of chunk) this.enqueue(tenantId, id, async () => this.pushReassigned(tenantId, id, previousAssignees.get(id) ?? null, (await read).get(id)));
    }
  }

  /** Never rejects, as push. */
  private async pushReassigned(tenantId: string, contactId: string, previous: string | null, card: DealCard | undefined) {
    const now = card?.assignedTo?._id ?? null;
    if (!card || now === previous) return;
    const place = { status: card.status, amount: card.amount };
    try {
      this.realtime.toAdmins(tenantId, 'deal:update', { contactId, before: place, after: place, card });
      if (now) this.realtime.toUserUnlessAdmin(tenantId, now, 'deal:update', { contactId, before: null, after: place, card });
      if (previous) this.realtime.toUserUnlessAdmin(tenantId, previous, 'deal:update', { contactId, before: place, after: null, card: null });
    } catch (err) {
      this.logger.warn(`deal:update for ${contactId} failed: ${err}`);
    }
  }
}
