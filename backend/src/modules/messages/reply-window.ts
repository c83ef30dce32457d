import { Injectable } from '@nestjs/common';
import { windowClosesAt } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { MessagesRepository } from './messages.repository.js';

export const WINDOW_CLOSED_TEXT = 'More than 24 hours since this contact last wrote: send an approved template.';

export type ReplyWindow = { open: boolean; closesAt: string | null };

/**
 * The official API's 24-hour window with a contact. A company linked by QR has none (null); on
 * the Cloud API a free-form message outside it is refused here, before Meta is called (Meta would
 * refuse it with 131047 anyway, after the message was stored and shown as sending).
 */
@Injectable()
export class ReplyWindows {
  constructor(
    private readonly repo: MessagesRepository,
    private readonly sessions: WhatsAppSessionsService,
    private readonly clock: Clock,
  ) {}

  /** The window with the contact, or null when the company's connection has none (read in the caller's transaction). */
  async of(tx: TenantTx, tenantId: string, contactId: string): Promise<ReplyWindow | null> {
    if ((await this.sessions.connectionKind(tx, tenantId)) !== 'cloud') return null;
    const last = await this.repo.lastInboundAt(tx, tenantId, contactId);
    if (!last) return { open: false, closesAt: null };
    const closesAt = windowClosesAt(last);
    return { open: closesAt.getTime() > this.clock.now().getTime(), closesAt: closesAt.toISOString() };
  }

  /** Refuses a free-form message outside the window (409 `whatsapp.window_closed`); nothing is stored. */
  async assertOpen(tx: TenantTx, tenantId: string, contactId: string): Promise<void> {
    const window = await this.of(tx, tenantId, contactId);
    if (window && !window.open) throw ApiError.conflict(WINDOW_CLOSED_TEXT).withCode('whatsapp.window_closed');
  }
}
