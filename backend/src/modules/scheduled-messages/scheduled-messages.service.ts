import { Injectable } from '@nestjs/common';
import type { CreateScheduledMessageRequest, ListResult, ScheduledMessage, ScheduledMessagesQuery, UpdateScheduledMessageRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { SendingSettingsService } from '../campaigns/sending-settings.service.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { assertCanSeeContact, canSeeContact } from '../contacts/contact-access.js';
import { toScheduledMessageDto } from './scheduled-message.mapper.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

export const SCHEDULED_TEXTS = {
  notFound: 'Scheduled message not found.',
  notScheduled: 'This message is no longer scheduled: it was sent, failed or cancelled.',
  past: 'Pick a time in the future.',
} as const;

/** The chat's list also says the company's time zone: the renderer picks dates and times in it. */
export type ScheduledMessagesPage = ListResult<ScheduledMessage> & { timeZone: string };

/**
 * Messages a person schedules in a chat: anyone who may see the contact (admins every contact, a
 * rep only theirs). Text and time change, or it is cancelled, only while it is still scheduled;
 * ScheduledMessageSender sends it.
 */
@Injectable()
export class ScheduledMessagesService {
  constructor(
    private readonly db: Database,
    private readonly repo: ScheduledMessagesRepository,
    private readonly chats: ChatsRepository,
    private readonly sending: SendingSettingsService,
    private readonly clock: Clock,
  ) {}

  async create(actor: TenantActor, input: CreateScheduledMessageRequest): Promise<ScheduledMessage> {
    const sendAt = this.future(input.sendAt);
    const row = await this.db.tenant(actor.tenantId, async (tx) => {
      const contact = assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, input.contactId));
      const now = this.clock.now();
      return this.repo.insert(tx, {
        tenantId: actor.tenantId,
        contactId: contact.id,
        createdBy: actor.userId,
        body: input.body ?? '',
        mediaPath: input.media?.path ?? null,
        mediaFileName: input.media?.fileName ?? null,
        sendAt,
        createdAt: now,
        updatedAt: now,
      });
    });
    return toScheduledMessageDto(row);
  }

  async list(actor: TenantActor, query: ScheduledMessagesQuery): Promise<ScheduledMessagesPage> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const contact = assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, query.contactId));
      const page = await this.repo.listForContact(tx, actor.tenantId, contact.id, { limit: query.limit, offset: (query.page - 1) * query.limit });
      const { timeZone } = await this.sending.current(tx, actor.tenantId);
      return { items: page.items.map(toScheduledMessageDto), total: page.total, timeZone };
    });
  }

  async update(actor: TenantActor, id: string, input: UpdateScheduledMessageRequest): Promise<ScheduledMessage> {
    const sendAt = input.sendAt === undefined ? undefined : this.future(input.sendAt);
    const row = await this.db.tenant(actor.tenantId, async (tx) => {
      const current = await this.visible(tx, actor, id);
      if (input.body === '' && !current.mediaPath) throw ApiError.badRequest('Message text is required.', 'body').withCode('message.body_required');
      return this.repo.updateScheduled(tx, actor.tenantId, id, { ...(input.body !== undefined ? { body: input.body } : {}), ...(sendAt ? { sendAt } : {}), updatedAt: this.clock.now() });
    });
    if (!row) throw ApiError.conflict(SCHEDULED_TEXTS.notScheduled).withCode('scheduled_message.not_scheduled');
    return toScheduledMessageDto(row);
  }

  async cancel(actor: TenantActor, id: string): Promise<ScheduledMessage> {
    const row = await this.db.tenant(actor.tenantId, async (tx) => {
      await this.visible(tx, actor, id);
      return this.repo.updateScheduled(tx, actor.tenantId, id, { status: 'cancelled', updatedAt: this.clock.now() });
    });
    if (!row) throw ApiError.conflict(SCHEDULED_TEXTS.notScheduled).withCode('scheduled_message.not_scheduled');
    return toScheduledMessageDto(row);
  }

  /** The message, if the actor may see its contact; otherwise it does not exist for them (404). */
  private async visible(tx: TenantTx, actor: TenantActor, id: string) {
    const row = await this.repo.find(tx, actor.tenantId, id);
    const contact = row && (await this.chats.findContact(tx, actor.tenantId, row.contactId));
    if (!row || !contact || !canSeeContact(actor, contact)) throw ApiError.notFound(SCHEDULED_TEXTS.notFound).withCode('scheduled_message.not_found');
    return row;
  }

  private future(iso: string): Date {
    const at = new Date(iso);
    if (at.getTime() <= this.clock.now().getTime()) throw ApiError.badRequest(SCHEDULED_TEXTS.past, 'sendAt').withCode('scheduled_message.send_at_past');
    return at;
  }
}
