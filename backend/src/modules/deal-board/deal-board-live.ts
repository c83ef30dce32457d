import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { DealChange } from '../contacts/contact-events.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { DealBoardService } from './deal-board.service.js';

/**
 * Keeps every open board current: each deal change (a move from any screen, a new deal, a new
 * amount) is pushed as `deal:update` to the people who may see the deal, as its conversation is
 * (the company's admins and its assignee), with the card as the board shows it.
 */
@Injectable()
export class DealBoardLive implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('DealBoardLive');
  private unsubscribe?: () => void;

  constructor(
    private readonly events: DomainEvents,
    private readonly realtime: RealtimeEmitter,
    private readonly board: DealBoardService,
  ) {}

  onModuleInit() {
    this.unsubscribe = this.events.on('contacts.deal_changed', (change) => this.push(change));
  }

  onModuleDestroy() {
    this.unsubscribe?.();
  }

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
      // a board that misses one update is corrected by its next load; the change itself is saved
      this.logger.warn(`deal:update for ${change.contactId} failed: ${err}`);
    }
  }
}
