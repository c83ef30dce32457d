import { Injectable } from '@nestjs/common';
import { MESSAGE_TYPES, messageSearchTerms, type MessageSearchPage, type MessageSearchQuery, type MessageType } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { visibleAssigneeFor } from '../contacts/contact-access.js';
import { decodeMessageCursor, encodeMessageCursor } from './message.mapper.js';
import { MessageSearchRepository } from './message-search.repository.js';

const TYPES = new Set<string>(MESSAGE_TYPES);

/**
 * Search every message the user may see (the chat list's rule: admins the company, sales users
 * the contacts assigned to them), newest first, a page at a time. No total: counting every match
 * of a common word would read them all, the page itself stops after limit + 1.
 */
@Injectable()
export class MessageSearchService {
  constructor(
    private readonly db: Database,
    private readonly repo: MessageSearchRepository,
  ) {}

  async search(actor: TenantActor, query: MessageSearchQuery): Promise<MessageSearchPage> {
    const before = query.cursor ? decodeMessageCursor(query.cursor) : undefined;
    if (query.cursor && !before) throw ApiError.badRequest('The cursor is not valid. Search again.', 'cursor').withCode('message.cursor_invalid');
    const terms = messageSearchTerms(query.q);
    if (!terms.length) return { items: [], hasMore: false, nextCursor: null };
    const { rows, chats, notes } = await this.db.tenant(actor.tenantId, async (tx) => {
      const found = await this.repo.find(tx, { terms, assignedTo: visibleAssigneeFor(actor), before, limit: query.limit + 1 });
      const shown = found.slice(0, query.limit);
      return {
        rows: found,
        chats: await this.repo.chatNames(tx, [...new Set(shown.map((r) => r.contactId))]),
        notes: await this.repo.noteIds(
          tx,
          shown.map((r) => r.id),
        ),
      };
    });
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        messageId: r.id,
        contactId: r.contactId,
        contactName: chats.get(r.contactId)?.name ?? null,
        contactPhone: chats.get(r.contactId)?.phone ?? '',
        kind: notes.has(r.id) ? ('note' as const) : ('message' as const),
        direction: r.direction === 'in' ? 'in' : 'out',
        type: (TYPES.has(r.type) ? r.type : 'text') as MessageType,
        body: r.body ?? '',
        fileName: r.mediaFileName,
        createdAt: r.createdAt.toISOString(),
      })),
      hasMore,
      nextCursor: hasMore && last ? encodeMessageCursor(last) : null,
    };
  }
}
