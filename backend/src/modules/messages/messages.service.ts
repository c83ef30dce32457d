import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  DELETE_FOR_EVERYONE_WINDOW_HOURS,
  type DeleteMessageRequest,
  type RetryMessageRequest,
  type MediaUrl,
  type Message,
  type MessagePage,
  type MessagesQuery,
  type SendMessageRequest,
  type UploadResult,
  uploadPathOf,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.service.js';
import { newId } from '../../platform/db/columns.js';
import { FileStorage } from '../../platform/files/file-storage.js';
import { MediaInspector } from '../../platform/files/media-inspector.js';
import { SignedUrls } from '../../platform/files/signed-urls.js';
import { ApiError } from '../../platform/http/api-error.js';
import { assertCanSeeContact, canSeeContact } from '../contacts/contact-access.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { WhatsAppSendError } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessions } from '../whatsapp/whatsapp-sessions.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { decodeMessageCursor, encodeMessageCursor } from './message.mapper.js';
import { MessagesRepository } from './messages.repository.js';
import { chatIdOf, OutboundMessages } from './outbound-messages.service.js';

export const MESSAGE_TEXTS = {
  notFound: 'Message not found.',
  forEveryoneOnlyOwn: 'Only messages you sent can be deleted for everyone.',
  forEveryoneNotSent: 'This message was not sent, so it cannot be deleted for everyone.',
  forEveryoneTooOld: `Messages older than ${DELETE_FOR_EVERYONE_WINDOW_HOURS} hours cannot be deleted for everyone.`,
  fileMissing: 'Please choose a file to upload.',
  fileType: 'This file type is not allowed. Send images, videos, audio, PDF or office documents.',
} as const;

/** The messenger's message actions for a signed-in user: who may see and do what. */
@Injectable()
export class MessagesService {
  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly chats: ChatsRepository,
    private readonly outbound: OutboundMessages,
    private readonly sessions: WhatsAppSessions,
    private readonly storage: FileStorage,
    private readonly inspector: MediaInspector,
    private readonly urls: SignedUrls,
    private readonly broadcast: MessageBroadcaster,
    private readonly clock: Clock,
    @Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions,
  ) {}

  async list(actor: TenantActor, query: MessagesQuery): Promise<MessagePage> {
    const before = query.before ? decodeMessageCursor(query.before) : undefined;
    if (query.before && !before) throw ApiError.badRequest('The cursor is not valid. Reload the conversation.', 'before').withCode('message.cursor_invalid');
    const { rows, total } = await this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, query.contactId));
      return {
        rows: await this.repo.page(tx, actor.tenantId, query.contactId, before, query.limit + 1),
        total: await this.repo.countVisible(tx, actor.tenantId, query.contactId),
      };
    });
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const oldest = page.at(-1);
    return {
      items: await this.broadcast.dtos(actor.tenantId, page.reverse()),
      total,
      hasMore,
      nextCursor: hasMore && oldest ? encodeMessageCursor(oldest) : null,
    };
  }

  async send(actor: TenantActor, input: SendMessageRequest): Promise<Message> {
    const upload = uploadPathOf(input);
    await this.db.tenant(actor.tenantId, async (tx) => assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, input.contactId)));
    return this.outbound.send(actor.tenantId, {
      contactId: input.contactId,
      body: input.body,
      type: input.type,
      media: upload ? { path: upload, fileName: input.meta?.fileName ?? null } : undefined,
      automated: false,
      sentBy: actor.userId,
      clientId: input.clientId ?? null,
    });
  }

  retry(actor: TenantActor, messageId: string, input: RetryMessageRequest = { confirmDuplicate: false }): Promise<Message> {
    return this.outbound.retry(actor.tenantId, messageId, (assignedTo) => canSeeContact(actor, { assignedTo }), { confirmDuplicate: input.confirmDuplicate });
  }

  /** "Delete for me" hides it from this company; "for everyone" (own sent messages only) deletes it on WhatsApp too. */
  async delete(actor: TenantActor, messageId: string, input: DeleteMessageRequest): Promise<Message> {
    const hit = await this.db.tenant(actor.tenantId, (tx) => this.repo.findById(tx, actor.tenantId, messageId));
    if (!hit || !canSeeContact(actor, hit) || hit.message.hiddenForTenant) throw ApiError.notFound(MESSAGE_TEXTS.notFound).withCode('message.not_found');
    const m = hit.message;
    if (!input.forEveryone) {
      const row = await this.db.tenant(actor.tenantId, (tx) => this.repo.update(tx, actor.tenantId, m.id, { hiddenForTenant: true }));
      return await this.broadcast.updated(actor.tenantId, hit.assignedTo, row!);
    }
    if (m.direction !== 'out') throw ApiError.badRequest(MESSAGE_TEXTS.forEveryoneOnlyOwn, 'forEveryone').withCode('message.delete_for_everyone_refused', { reason: 'not_own' });
    if (m.deletedForEveryone) return await this.broadcast.dto(m);
    if (m.status !== 'sent' || !m.waMessageId) throw ApiError.badRequest(MESSAGE_TEXTS.forEveryoneNotSent, 'forEveryone').withCode('message.delete_for_everyone_refused', { reason: 'not_sent' });
    const age = this.clock.now().getTime() - (m.sentAt ?? m.createdAt).getTime();
    if (age > DELETE_FOR_EVERYONE_WINDOW_HOURS * 3_600_000) throw ApiError.badRequest(MESSAGE_TEXTS.forEveryoneTooOld, 'forEveryone').withCode('message.delete_for_everyone_refused', { reason: 'too_old' });
    const contact = await this.db.tenant(actor.tenantId, (tx) => this.chats.findContact(tx, actor.tenantId, m.contactId));
    try {
      await this.sessions.readySession(actor.tenantId).deleteForEveryone(chatIdOf(contact!), m.waMessageId);
    } catch (err) {
      const reason = err instanceof WhatsAppSendError ? err.message : err instanceof Error ? err.message : String(err);
      throw ApiError.conflict(`Could not delete the message for everyone: ${reason}`).withCode('message.delete_for_everyone_refused', { reason: 'whatsapp' });
    }
    const row = await this.db.tenant(actor.tenantId, (tx) => this.repo.update(tx, actor.tenantId, m.id, { deletedForEveryone: true, deletedBy: 'staff' }));
    return await this.broadcast.updated(actor.tenantId, hit.assignedTo, row!);
  }

  /** Checks the file by its content (never its name), keeps it under the tenant's folder, answers a signed preview URL. */
  async upload(actor: TenantActor, file: { buffer: Buffer; originalname?: string; size: number } | undefined): Promise<UploadResult> {
    if (!file?.buffer?.length) throw ApiError.badRequest(MESSAGE_TEXTS.fileMissing, 'file').withCode('message.upload_missing');
    if (file.size > this.options.uploadMaxBytes) throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, tooLarge(this.options.uploadMaxBytes), 'file');
    const fileName = safeFileName(file.originalname);
    const inspected = await this.inspector.inspect(file.buffer, fileName);
    if (!inspected) throw ApiError.badRequest(MESSAGE_TEXTS.fileType, 'file').withCode('message.file_type_refused');
    const path = `${actor.tenantId}/uploads/${newId()}.${inspected.ext}`;
    await this.storage.put(path, file.buffer);
    const name = fileName ? fileName.replace(/\.[^.]*$/, '') + '.' + inspected.ext : `file.${inspected.ext}`;
    return {
      path,
      fileName: name,
      url: this.urls.sign(path, { fileName: name }).url,
      mediaType: inspected.mime,
      type: inspected.mime === 'audio/webm' ? 'voice' : inspected.kind,
      size: file.buffer.length,
    };
  }

  /** A fresh signed URL for a message's media (the ones in lists expire after a few minutes). */
  async mediaUrl(actor: TenantActor, messageId: string): Promise<MediaUrl> {
    const hit = await this.db.tenant(actor.tenantId, (tx) => this.repo.findById(tx, actor.tenantId, messageId));
    if (!hit || !canSeeContact(actor, hit) || hit.message.hiddenForTenant) throw ApiError.notFound(MESSAGE_TEXTS.notFound).withCode('message.not_found');
    if (!hit.message.mediaPath || !(await this.storage.exists(hit.message.mediaPath))) return { url: null, expiresAt: null };
    const signed = this.urls.sign(hit.message.mediaPath, { fileName: hit.message.mediaFileName });
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString() };
  }
}

export const tooLarge = (max: number) => `The file is too large. The limit is ${Math.round(max / 1024 / 1024)} MB.`;

function safeFileName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  // multer hands latin1; browsers send UTF-8
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  const base = decoded.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim();
  return base.slice(-120) || undefined;
}
