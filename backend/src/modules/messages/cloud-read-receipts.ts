import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Database } from '../../platform/db/database.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import '../chats/chat-events.js';
import { GraphApi } from '../whatsapp-cloud/graph-api.js';
import { WhatsAppCloudService } from '../whatsapp-cloud/whatsapp-cloud.service.js';
import { MessagesRepository } from './messages.repository.js';

/**
 * "Mark as read" on the official API: when a user opens a conversation with unread inbound
 * messages, Meta is told the latest of them was read (`{ messaging_product, status: "read",
 * message_id }`; the contact sees blue ticks on it and everything before). Once per message; a
 * failure is logged, never shown: the user only opened a chat. Here, beside the messages it reads,
 * rather than in whatsapp-cloud, which the messages module depends on (templates).
 */
@Injectable()
export class CloudReadReceipts implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('WhatsAppCloud');
  private off?: () => void;
  /** The last message marked read per conversation: two users opening it at once mark it once. */
  private readonly marked = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly cloud: WhatsAppCloudService,
    private readonly graph: GraphApi,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit() {
    this.off = this.events.on('chats.read', ({ tenantId, contactId }) => this.markRead(tenantId, contactId));
  }

  onModuleDestroy() {
    this.off?.();
  }

  async markRead(tenantId: string, contactId: string): Promise<void> {
    try {
      const credentials = await this.cloud.credentials(tenantId);
      if (!credentials) return;
      const waMessageId = await this.db.tenant(tenantId, (tx) => this.repo.latestInboundWaId(tx, tenantId, contactId));
      const key = `${tenantId}:${contactId}`;
      if (!waMessageId || this.marked.get(key) === waMessageId) return;
      this.marked.set(key, waMessageId);
      // bounded: only the most recent conversations need remembering
      if (this.marked.size > 10_000) this.marked.delete(this.marked.keys().next().value!);
      await this.graph.sendMessage(credentials.phoneNumberId, credentials.accessToken, { status: 'read', message_id: waMessageId });
    } catch (err) {
      this.logger.warn(`marking the chat ${contactId} of ${tenantId} read at Meta failed: ${(err as Error).message}`);
    }
  }
}
