import { Injectable } from '@nestjs/common';
import type { TemplateMessage } from '@crm/common';
import { Database } from '../../platform/db/database.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { ReplyWindows } from './reply-window.js';
import { TemplateMessages, type PreparedTemplate } from './template-message.js';

/** How an automated message may go out: as written (no window, or it is open), as a WhatsApp template, or not at all. */
export type WindowDelivery = { kind: 'free' } | { kind: 'template'; prepared: PreparedTemplate } | { kind: 'skip' };

/**
 * The official API's 24-hour window for automated messages (follow-up steps, campaigns): Meta
 * refuses free text outside it, so the message then goes as the WhatsApp template its sender names
 * (a blank `{{1}}` = the contact's name) or is skipped (window_closed). A company linked by QR has
 * no window: its messages go as written.
 */
@Injectable()
export class AutomatedWindow {
  constructor(
    private readonly db: Database,
    private readonly chats: ChatsRepository,
    private readonly windows: ReplyWindows,
    private readonly templates: TemplateMessages,
  ) {}

  /** Throws the template's refusal (unknown, not approved, params missing) as an ApiError: the sender fails with it. */
  delivery(tenantId: string, contactId: string, template: TemplateMessage | null): Promise<WindowDelivery> {
    return this.db.tenant(tenantId, async (tx) => {
      const window = await this.windows.of(tx, tenantId, contactId);
      if (!window || window.open) return { kind: 'free' };
      if (!template) return { kind: 'skip' };
      const contact = await this.chats.findContact(tx, tenantId, contactId);
      if (!contact) return { kind: 'free' };
      return { kind: 'template', prepared: await this.templates.prepare(tx, tenantId, contact, template) };
    });
  }
}
