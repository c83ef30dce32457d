import { Injectable } from '@nestjs/common';
import type { CreateScheduledMessageRequest, ListResult, ScheduledMessage, ScheduledMessagesQuery, UpdateScheduledMessageRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { FileStorage, keyBelongsToTenant } from '../../platform/files/file-storage.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { SendingSettingsService } from '../campaigns/sending-settings.service.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { assertCanSeeContact, canSeeContact } from '../contacts/contact-access.js';
import { ScheduledMessageBroadcaster } from './scheduled-message-broadcaster.js';
import { toScheduledMessageDto } from './scheduled-message.mapper.js';
import { ScheduledMessagesRepository } from './scheduled-messages.repository.js';

export const SCHEDULED_TEXTS = {
  notFound: 'Scheduled message not found.',
  notScheduled: 'This message is no longer scheduled: it was sent, failed or cancelled.',
  past: 'Pick a time in the future.',
  fileMissing: 'The uploaded file was not found. Upload it again.',
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
    private readonly storage: FileStorage,
    private readonly broadcast: ScheduledMessageBroadcaster,
    private readonly clock: Clock,
  ) {}

  async create(actor: TenantActor, input: CreateScheduledMessageRequest): Promise<ScheduledMessage> {
    const sendAt = this.future(input.sendAt);
    // checked now, not only at its time: the person who attached it is here to upload it again
    if (input.media && (!keyBelongsToTenant(input.media.path, actor.tenantId) || !(await this.storage.exists(input.media.path)))) {
      throw ApiError.badRequest(SCHEDULED_TEXTS.fileMissing, 'media.path').withCode('message.upload_missing');
    }
    const { row, assignedTo } = await this.db.tenant(actor.tenantId, async (tx) => {
      const contact = assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, input.contactId));
      const now = this.clock.now();
      const inserted = await this.repo.insert(tx, {
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
      return { row: inserted, assignedTo: contact.assignedTo };
    });
    await this.broadcast.changed(actor.tenantId, row, assignedTo);
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
    const { row, assignedTo } = await this.db.tenant(actor.tenantId, async (tx) => {
      const { current, contact } = await this.visible(tx, actor, id);
      if (input.body === '' && !current.mediaPath) throw ApiError.badRequest('Message text is required.', 'body').withCode('message.body_required');
      const patch = { ...(input.body !== undefined ? { body: input.body } : {}), ...(sendAt ? { sendAt } : {}), updatedAt: this.clock.now() };
      return { row: await this.repo.updateScheduled(tx, actor.tenantId, id, patch), assignedTo: contact.assignedTo };
    });
    if (!row) throw ApiError.conflict(SCHEDULED_TEXTS.notScheduled).withCode('scheduled_message.not_scheduled');
    await this.broadcast.changed(actor.tenantId, row, assignedTo);
    return toScheduledMessageDto(row);
  }

  async cancel(actor: TenantActor, id: string): Promise<ScheduledMessage> {
    const { row, assignedTo } = await this.db.tenant(actor.tenantId, async (tx) => {
      const { contact } = await this.visible(tx, actor, id);
      return { row: await this.repo.updateScheduled(tx, actor.tenantId, id, { status: 'cancelled', updatedAt: this.clock.now() }), assignedTo: contact.assignedTo };
    });
    if (!row) throw ApiError.conflict(SCHEDULED_TEXTS.notScheduled).withCode('scheduled_message.not_scheduled');
    await this.broadcast.changed(actor.tenantId, row, assignedTo);
    return toScheduledMessageDto(row);
  }

  /** The message, if the actor may see its contact; otherwise it does not exist for them (404). */
  private async visible(tx: TenantTx, actor: TenantActor, id: string) {
    const row = await this.repo.find(tx, actor.tenantId, id);
    const contact = row && (await this.chats.findContact(tx, actor.tenantId, row.contactId));
    if (!row || !contact || !canSeeContact(actor, contact)) throw ApiError.notFound(SCHEDULED_TEXTS.notFound).withCode('scheduled_message.not_found');
    return { current: row, contact };
  }

  private future(iso: string): Date {
    const at = new Date(iso);
    if (at.getTime() <= this.clock.now().getTime()) throw ApiError.badRequest(SCHEDULED_TEXTS.past, 'sendAt').withCode('scheduled_message.send_at_past');
    return at;
  }
}
