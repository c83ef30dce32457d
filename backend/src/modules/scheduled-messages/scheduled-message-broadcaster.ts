import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../platform/db/database.js';
import { RealtimeEmitter } from '../../platform/realtime/realtime.emitter.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { toScheduledMessageDto } from './scheduled-message.mapper.js';
import type { ScheduledMessageRow } from './scheduled-messages.table.js';

/**
 * Pushes `scheduled:update` to whoever may see the contact's chat (its admins and assignee), so an
 * open chat's scheduled list follows a send, a failure or another window's edit without asking.
 */
@Injectable()
export class ScheduledMessageBroadcaster {
  private readonly logger = new Logger('ScheduledMessageBroadcaster');

  constructor(
    private readonly db: Database,
    private readonly chats: ChatsRepository,
    private readonly realtime: RealtimeEmitter,
  ) {}

  /** After the change is committed; a failed push is logged, never thrown (the row is the truth, the list reloads on reconnect). */
  async changed(tenantId: string, row: ScheduledMessageRow | undefined, assignedTo?: string | null): Promise<void> {
    if (!row) return;
    try {
      const audience = assignedTo !== undefined ? assignedTo : (await this.db.tenant(tenantId, (tx) => this.chats.findContact(tx, tenantId, row.contactId)))?.assignedTo;
      this.realtime.toContactAudience(tenantId, audience ?? null, 'scheduled:update', toScheduledMessageDto(row));
    } catch (err) {
      this.logger.warn(`scheduled message ${row.id} not pushed: ${err instanceof Error ? err.message : err}`);
    }
  }
}
