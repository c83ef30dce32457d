import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  DELETE_FOR_EVERYONE_WINDOW_HOURS,
  isWithinDeleteForEveryoneWindow,
  mediaMessageType,
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
import { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/columns.js';
import { FileStorage } from '../../platform/files/file-storage.js';
import { MediaInspector } from '../../platform/files/media-inspector.js';
import { SignedUrls } from '../../platform/files/signed-urls.js';
import { ApiError } from '../../platform/http/api-error.js';
import { assertCanSeeContact, canSeeContact } from '../contacts/contact-access.js';
import { ChatsRepository } from '../chats/chats.repository.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import { WhatsAppSendError } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { decodeMessageCursor, encodeMessageCursor } from './message.mapper.js';
import { MessagesRepository } from './messages.repository.js';
import { chatIdOf } from './outbound-content.js';
import { OutboundMessagesService } from './outbound-messages.service.js';
import { ReplyWindows } from './reply-window.js';
import { TemplateMessages } from './template-message.js';

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
    private readonly outbound: OutboundMessagesService,
    private readonly sessions: WhatsAppSessionsService,
    private readonly storage: FileStorage,
    private readonly inspector: MediaInspector,
    private readonly urls: SignedUrls,
    private readonly broadcast: MessageBroadcaster,
    private readonly clock: Clock,
    @Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions,
    private readonly windows: ReplyWindows,
    private readonly templates: TemplateMessages,
  ) {}

  /**
   * A page of the chat: the newest, or older than `before`, or newer than `after`, or `around` one
   * message (a search result opened: about half older, half newer, the message itself included).
   */
  async list(actor: TenantActor, query: MessagesQuery): Promise<MessagePage> {
    const before = this.cursor(query.before, 'before');
    const after = this.cursor(query.after, 'after');
    const { older, target, newer, total, replyWindow } = await this.db.tenant(actor.tenantId, async (tx) => {
      assertCanSeeContact(actor, await this.chats.findContact(tx, actor.tenantId, query.contactId));
      const total = await this.repo.countVisible(tx, actor.tenantId, query.contactId);
      const replyWindow = await this.windows.of(tx, actor.tenantId, query.contactId);
      if (after) return { older: [], target: undefined, newer: await this.repo.pageAfter(tx, actor.tenantId, query.contactId, after, query.limit + 1), total, replyWindow };
      if (!query.around) return { older: await this.repo.page(tx, actor.tenantId, query.contactId, before, query.limit + 1), target: undefined, newer: undefined, total, replyWindow };
      const target = await this.repo.findInChat(tx, actor.tenantId, query.contactId, query.around);
      if (!target) throw ApiError.notFound(MESSAGE_TEXTS.notFound).withCode('message.not_found');
      const at = { at: target.createdAt, id: target.id };
      const olderCount = Math.floor((query.limit - 1) / 2);
      return {
        older: await this.repo.page(tx, actor.tenantId, query.contactId, at, olderCount + 1),
        target,
        newer: await this.repo.pageAfter(tx, actor.tenantId, query.contactId, at, query.limit - 1 - olderCount + 1),
        total,
        replyWindow,
      };
    });
    const olderLimit = target ? Math.floor((query.limit - 1) / 2) : after ? 0 : query.limit;
    const newerLimit = target ? query.limit - 1 - olderLimit : query.limit;
    const hasMore = older.length > olderLimit;
    const olderPage = older.slice(0, olderLimit).reverse();
    const newerPage = newer?.slice(0, newerLimit) ?? [];
    const hasNewer = newer ? newer.length > newerLimit : undefined;
    const rows = [...olderPage, ...(target ? [target] : []), ...newerPage];
    const oldest = rows.at(0);
    const newest = rows.at(-1);
    return {
      items: await this.broadcast.dtos(actor.tenantId, rows),
      total,
      hasMore,
      nextCursor: hasMore && oldest ? encodeMessageCursor(oldest) : null,
      replyWindow,
      ...(hasNewer === undefined ? {} : { hasNewer, newerCursor: hasNewer && newest ? encodeMessageCursor(newest) : null }),
    };
  }

  private cursor(value: string | undefined, field: 'before' | 'after') {
    const cursor = value ? decodeMessageCursor(value) : undefined;
    if (value && !cursor) throw ApiError.badRequest('The cursor is not valid. Reload the conversation.', field).withCode('message.cursor_invalid');
    return cursor;
  }

  /** Free text and media only within the official API's 24-hour window; an approved template at any time. */
  async send(actor: TenantActor, input: SendMessageRequest): Promise<Message> {
    const template = input.type === 'template' ? input.template : undefined;
    const upload = template ? undefined : uploadPathOf(input);
    const prepared = await this.db.tenant(actor.tenantId, async (tx) => {
      const contact = await this.chats.findContact(tx, actor.tenantId, input.contactId);
      assertCanSeeContact(actor, contact);
      if (template) return this.templates.prepare(tx, actor.tenantId, contact!, template);
      await this.windows.assertOpen(tx, actor.tenantId, input.contactId);
      return undefined;
    });
    return this.outbound.send(actor.tenantId, {
      contactId: input.contactId,
      body: prepared ? prepared.body : input.body,
      type: prepared || input.type === 'template' ? 'text' : input.type,
      template: prepared?.template,
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
    if (!isWithinDeleteForEveryoneWindow(m.sentAt ?? m.createdAt, this.clock.now()))
      throw ApiError.badRequest(MESSAGE_TEXTS.forEveryoneTooOld, 'forEveryone').withCode('message.delete_for_everyone_refused', { reason: 'too_old' });
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
      type: mediaMessageType(inspected.mime),
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
  const base = decoded
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f<>:"|?*]/g, '_')
    .trim();
  return base.slice(-120) || undefined;
}
