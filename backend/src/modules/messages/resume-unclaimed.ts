import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../platform/db/database.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { HandOverMessage } from './hand-over-message.js';
import { MessagesRepository } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';
import { OutboundInFlight } from './outbound-in-flight.js';

/**
 * Sends what waits to be handed to WhatsApp for a company whose session this process holds: left
 * by a process that stopped, asked of another instance, or left by a peer that died. One pass per
 * company at a time, each chat in the order written.
 */
@Injectable()
export class ResumeUnclaimed {
  private readonly logger = new Logger('Outbound');
  /** Tenants whose unclaimed messages this process is sending now (one pass at a time, in order). */
  private readonly resuming = new Map<string, Promise<void>>();
  /** Tenants with a pass asked while one is reading: one more pass covers them all. */
  private readonly resumeAgain = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly chats: ChatsRepository,
    private readonly sessions: WhatsAppSessionsService,
    private readonly handOver: HandOverMessage,
    private readonly inFlight: OutboundInFlight,
  ) {}

  /**
   * Sends, once each and each chat in order, the tenant's messages that are pending and were never
   * handed to WhatsApp, if this process holds the tenant's connected WhatsApp. Resolves with how
   * many it tried, once they are sent. Passes read one after another; their sends overlap (a chat
   * waiting on the pacer holds up neither the next pass nor the other chats).
   */
  resumeTenant(tenantId: string, createdBefore?: Date): Promise<number> {
    const reading = this.resuming.get(tenantId);
    if (reading && !createdBefore) {
      // a pass that has not started reading yet sees everything stored until then
      let again = this.resumeAgain.get(tenantId);
      if (!again) {
        again = reading.then(() => {
          this.resumeAgain.delete(tenantId);
          return this.resumeTenant(tenantId);
        });
        this.resumeAgain.set(tenantId, again);
      }
      return again;
    }
    if (reading) return reading.then(() => this.resumeTenant(tenantId, createdBefore));
    const pass = this.readUnclaimed(tenantId, createdBefore);
    const read = pass.then(
      () => undefined,
      () => undefined,
    );
    this.resuming.set(tenantId, read);
    void read.then(() => {
      if (this.resuming.get(tenantId) === read) this.resuming.delete(tenantId);
    });
    return pass.then(async ({ count, sent }) => {
      await sent;
      if (count) this.logger.log(`${count} message(s) waiting to be handed to WhatsApp sent for ${tenantId}`);
      return count;
    });
  }

  private async readUnclaimed(tenantId: string, createdBefore?: Date): Promise<{ count: number; sent: Promise<unknown> }> {
    if (this.inFlight.closing || !this.sessions.connectedTenants().includes(tenantId)) return { count: 0, sent: Promise.resolve() };
    const rows = (await this.db.platform((tx) => this.repo.unclaimedPending(tx, { tenantId, createdBefore, limit: 1000 }))).filter((r) => !this.inFlight.has(r.id));
    // ours from now on: the stale sweep must not fail them, nor a later pass take them again, while they wait their turn
    rows.forEach((r) => this.inFlight.add(r.id));
    const byChat = new Map<string, MessageRow[]>();
    for (const row of rows) byChat.set(row.contactId, [...(byChat.get(row.contactId) ?? []), row]);
    const sent = Promise.all(
      [...byChat.values()].map(async (chatRows) => {
        try {
          const contact = await this.db.tenant(tenantId, (tx) => this.chats.findContact(tx, tenantId, chatRows[0].contactId));
          for (const row of chatRows) {
            if (this.inFlight.closing || !contact) break;
            await this.handOver.deliverNow(tenantId, row, contact).catch((err) => this.logger.warn(`sending ${row.id} failed: ${err}`));
          }
        } finally {
          chatRows.forEach((r) => this.inFlight.delete(r.id));
        }
      }),
    );
    return { count: rows.length, sent };
  }
}
