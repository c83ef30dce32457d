import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { contactNotificationParams, MESSAGE_ERROR_TEXTS, storableText, type Message } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { newId } from '../../platform/db/columns.js';
import { FileStorage } from '../../platform/files/file-storage.js';
import { MediaInspector } from '../../platform/files/media-inspector.js';
import { messagePreview, toChatDto, type ChatRow } from '../chats/chat.mapper.js';
import { ChatsRepository, type SummaryUpdate } from '../chats/chats.repository.js';
import { ContactResolver, senderKey, type ContactMerged, type ResolvedSender } from '../contacts/contact-resolver.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { MESSENGER_OPTIONS, type MessengerOptions } from '../whatsapp/messenger-options.js';
import type { InboundWhatsAppMessage, WhatsAppAck } from '../whatsapp/whatsapp-driver.js';
import type { InboundResult, MessageFailureReport, WhatsAppEventSink } from '../whatsapp/whatsapp-event-sink.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { InboundQueue } from './inbound-queue.js';
import { MessageBroadcaster } from './message-broadcaster.js';
import { MessagesRepository, type NewMessage } from './messages.repository.js';
import type { MessageRow } from './messages.table.js';
import { PendingAcks } from './pending-acks.js';

/** A message stored by this batch, with the button the contact pressed (not kept in the row). */
export type StoredInbound = { row: MessageRow; buttonPayload: string | null };
/**
 * Work that must commit with the stored messages, in their transaction (a durable job that acts on
 * an answer): the in-process `message.inbound` comes after the commit and is lost if the process
 * dies in between. A hook that throws rolls the batch back, so it must only write what cannot fail.
 */
export type InboundStoredHook = (tx: TenantTx, tenantId: string, stored: StoredInbound[]) => Promise<void>;

type Waiting = { message: InboundWhatsAppMessage; mediaKey?: string; resolve(r: InboundResult): void; reject(e: unknown): void };

/**
 * What WhatsApp reports, into the database and out to the clients. Inbound messages are batched
 * per tenant: one transaction stores a whole batch with a fixed number of statements (resolve the
 * senders, create the leads of unknown numbers, insert the messages once each — duplicates of a
 * WhatsApp id are skipped —, update the conversation summaries), then `msg:new` goes to the admins
 * and the assigned user, `msg:notification` to the assigned user, and `message.inbound` to the
 * in-process listeners. A few batches are written side by side (never two with the same sender:
 * InboundQueue), and while they are the next ones gather, so the batch size follows the load.
 */
@Injectable()
export class InboundMessagesService implements WhatsAppEventSink, OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Inbound');
  private readonly queues = new Map<string, InboundQueue<Waiting>>();
  private readonly writing = new Set<Promise<void>>();
  private readonly scheduled = new Set<string>();
  /** The last ack still being written, per message: acks 1, 2, 3 arrive milliseconds apart and must reach the clients in that order. */
  private readonly storedHooks: InboundStoredHook[] = [];

  constructor(
    private readonly db: Database,
    private readonly repo: MessagesRepository,
    private readonly resolver: ContactResolver,
    private readonly chats: ChatsRepository,
    private readonly sessions: WhatsAppSessionsService,
    private readonly storage: FileStorage,
    private readonly inspector: MediaInspector,
    private readonly broadcast: MessageBroadcaster,
    private readonly events: MessengerEvents,
    private readonly pendingAcks: PendingAcks,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    @Inject(MESSENGER_OPTIONS) private readonly options: MessengerOptions,
  ) {}

  onModuleInit() {
    this.sessions.setSink(this);
  }

  /** Registers work to commit with every batch of stored inbound messages (see InboundStoredHook). */
  onStored(hook: InboundStoredHook) {
    this.storedHooks.push(hook);
  }

  async beforeApplicationShutdown() {
    while (this.writing.size) await Promise.all(this.writing);
  }

  async inbound(tenantId: string, raw: InboundWhatsAppMessage): Promise<InboundResult> {
    const message = storableMessage(raw);
    const mediaKey = message.media ? await this.saveMedia(tenantId, message) : undefined;
    return new Promise<InboundResult>((resolve, reject) => {
      let queue = this.queues.get(tenantId);
      if (!queue) this.queues.set(tenantId, (queue = new InboundQueue(this.options.inboundBatchMax, this.options.inboundBatchesInFlight)));
      queue.push({ message, mediaKey, resolve, reject });
      // on the next turn: the messages arriving meanwhile join the batch
      if (!this.scheduled.has(tenantId)) {
        this.scheduled.add(tenantId);
        setImmediate(() => {
          this.scheduled.delete(tenantId);
          this.pump(tenantId);
        });
      }
    });
  }

  ack(tenantId: string, rawId: string, ack: WhatsAppAck): Promise<void> {
    const waMessageId = storableText(rawId);
    return this.inOrder(tenantId, waMessageId, () => this.applyAck(tenantId, waMessageId, ack));
  }

  /** A failure report waits for the marks before it, like an ack, so the clients see them in order. */
  failed(tenantId: string, rawId: string, failure: MessageFailureReport): Promise<void> {
    const waMessageId = storableText(rawId);
    return this.inOrder(tenantId, waMessageId, async () => {
      const patch = { error: failure.error, errorCode: failure.errorCode, errorParams: failure.errorParams, errorRetryable: failure.retryable };
      const hit = await this.db.tenant(tenantId, async (tx) => {
        const row = await this.repo.markFailedAfterSend(tx, tenantId, waMessageId, patch);
        return row ? { row, assignedTo: await this.repo.assigneeOf(tx, tenantId, row.contactId) } : undefined;
      });
      if (hit) await this.broadcast.updated(tenantId, hit.assignedTo, hit.row);
    });
  }

  async mediaArrived(tenantId: string, rawId: string, media: NonNullable<InboundWhatsAppMessage['media']>): Promise<'stored' | 'missing' | 'had'> {
    const waMessageId = storableText(rawId);
    const [existing] = await this.db.tenant(tenantId, (tx) => this.repo.findByWaIds(tx, tenantId, [waMessageId]));
    if (!existing) return 'missing';
    if (existing.mediaPath) return 'had';
    const key = await this.saveMedia(tenantId, { media } as InboundWhatsAppMessage);
    if (!key) return 'had';
    const mediaFields = { mediaPath: key, mediaMime: storableText(media.mime).replace(/;.*$/, ''), mediaFileName: media.fileName ? storableText(media.fileName) : null, mediaSize: media.data.length };
    const hit = await this.db.tenant(tenantId, async (tx) => {
      const row = await this.repo.attachInboundMedia(tx, tenantId, waMessageId, mediaFields);
      return row ? { row, assignedTo: await this.repo.assigneeOf(tx, tenantId, row.contactId) } : undefined;
    });
    // another run of the job stored it first: this copy is not needed
    if (!hit) {
      await this.storage.remove(key).catch(() => undefined);
      return 'had';
    }
    await this.broadcast.updated(tenantId, hit.assignedTo, hit.row);
    return 'stored';
  }

  async mediaGaveUp(tenantId: string, rawId: string): Promise<'marked' | 'missing' | 'had'> {
    const waMessageId = storableText(rawId);
    const hit = await this.db.tenant(tenantId, async (tx) => {
      const row = await this.repo.markInboundMediaUnavailable(tx, tenantId, waMessageId, MESSAGE_ERROR_TEXTS.media_unavailable);
      return row ? { row, chat: await this.repo.chatContactOf(tx, tenantId, row.contactId) } : undefined;
    });
    if (!hit) {
      const [existing] = await this.db.tenant(tenantId, (tx) => this.repo.findByWaIds(tx, tenantId, [waMessageId]));
      return existing ? 'had' : 'missing';
    }
    // the open chats stop waiting for the file; the admins hear of it once (the mark is written once)
    await this.broadcast.updated(tenantId, hit.chat?.assignedTo ?? null, hit.row);
    await this.notifications.notifyAdmins(tenantId, {
      code: 'message.media_unavailable',
      params: contactNotificationParams(hit.chat ?? { name: null, phone: null }),
      link: `/contacts/${hit.row.contactId}`,
    });
    return 'marked';
  }

  private inOrder(tenantId: string, waMessageId: string, write: () => Promise<void>): Promise<void> {
    return this.pendingAcks.inOrder(tenantId, waMessageId, write);
  }

  private async applyAck(tenantId: string, waMessageId: string, ack: WhatsAppAck): Promise<void> {
    const hit = await this.db.tenant(tenantId, async (tx) => {
      const row = await this.repo.applyAck(tx, tenantId, waMessageId, ack);
      return row ? { row, assignedTo: await this.repo.assigneeOf(tx, tenantId, row.contactId) } : undefined;
    });
    if (hit) {
      await this.broadcast.updated(tenantId, hit.assignedTo, hit.row);
      this.events.emit('message.ack', { tenantId, contactId: hit.row.contactId, messageId: hit.row.id, ack: hit.row.ack, clientId: hit.row.clientId });
    } else this.pendingAcks.put(tenantId, waMessageId, ack);
  }

  async revoked(tenantId: string, rawId: string): Promise<void> {
    const waMessageId = storableText(rawId);
    const hit = await this.db.tenant(tenantId, async (tx) => {
      const row = await this.repo.markRevoked(tx, tenantId, waMessageId);
      return row ? { row, assignedTo: await this.repo.assigneeOf(tx, tenantId, row.contactId) } : undefined;
    });
    if (hit) await this.broadcast.updated(tenantId, hit.assignedTo, hit.row);
  }

  /** Starts as many batches of the tenant's queue as may be in flight; each one finished starts the next. */
  private pump(tenantId: string) {
    const queue = this.queues.get(tenantId);
    if (!queue) return;
    for (let batch = queue.take(); batch; batch = queue.take()) {
      const { items } = batch;
      const run = this.write(tenantId, items).finally(() => {
        queue.done(batch);
        this.writing.delete(run);
        if (queue.idle) this.queues.delete(tenantId);
        else this.pump(tenantId);
      });
      this.writing.add(run);
    }
  }

  private async write(tenantId: string, batch: Waiting[]) {
    try {
      await this.store(tenantId, batch);
    } catch (err) {
      if (batch.length === 1) {
        this.logger.error(`storing inbound message ${batch[0].message.id} failed: ${err}`);
        batch[0].reject(err);
        return;
      }
      // one bad message must not hold the others back: store them one by one
      for (const item of batch) {
        await this.store(tenantId, [item]).catch((e: unknown) => {
          this.logger.error(`storing inbound message ${item.message.id} failed: ${e}`);
          item.reject(e);
        });
      }
    }
  }

  private async store(tenantId: string, batch: Waiting[]) {
    const now = this.clock.now();
    const firstOfId = new Map<string, Waiting>();
    for (const item of batch) if (!firstOfId.has(item.message.id)) firstOfId.set(item.message.id, item);
    const unique = [...firstOfId.values()];

    const outcome = await this.db.tenant(tenantId, async (tx) => {
      const merged: ContactMerged[] = [];
      const moveMessages = (tx: TenantTx, from: string, into: string) => this.repo.moveToContact(tx, tenantId, from, into);
      const changes = unique.flatMap(({ message: m }) => (m.previous ? [{ previous: m.previous, current: m }] : []));
      if (changes.length) await this.resolver.takeNewIds(tx, tenantId, changes, moveMessages, merged);
      const senders = await this.resolver.resolve(
        tx,
        tenantId,
        unique.map((i) => i.message),
        now,
        moveMessages,
        merged,
      );
      const rows: NewMessage[] = unique.map((item) => {
        const m = item.message;
        const contact = senders.get(senderKey(m))!.contact;
        return {
          id: newId(),
          tenantId,
          contactId: contact.id,
          direction: 'in',
          type: m.media && !item.mediaKey ? 'text' : m.type,
          body: m.body,
          status: 'received',
          ack: 0,
          waMessageId: m.id,
          systemEvent: m.systemEvent ?? null,
          mediaPath: item.mediaKey ?? null,
          mediaMime: item.mediaKey ? m.media!.mime.replace(/;.*$/, '') : null,
          mediaFileName: item.mediaKey ? (m.media!.fileName ?? null) : null,
          mediaSize: item.mediaKey ? m.media!.data.length : null,
          createdAt: now,
          updatedAt: now,
        };
      });
      const inserted = await this.repo.insertInbound(tx, rows);
      const insertedByWaId = new Map(inserted.map((r) => [r.waMessageId!, r]));
      // the hooks act on what the contact wrote: a line WhatsApp wrote answers nothing
      const written = inserted.filter(fromContact);
      if (written.length) {
        const stored = written.map((row) => ({ row, buttonPayload: firstOfId.get(row.waMessageId!)?.message.button?.payload ?? null }));
        for (const hook of this.storedHooks) await hook(tx, tenantId, stored);
      }
      const duplicates = rows.filter((r) => !insertedByWaId.has(r.waMessageId!)).map((r) => r.waMessageId!);
      const existing = await this.repo.findByWaIds(tx, tenantId, duplicates);

      const perContact = new Map<string, SummaryUpdate>();
      for (const row of inserted) {
        const u = perContact.get(row.contactId);
        const preview = messagePreview({ type: row.type, body: row.body, mediaFileName: row.mediaFileName });
        // a line WhatsApp wrote is the last message of the chat, but nobody has to read it: not unread
        const unread = fromContact(row) ? 1 : 0;
        const systemEvent = row.systemEvent ?? null;
        if (u) Object.assign(u, { preview, systemEvent, unreadDelta: u.unreadDelta + unread });
        else perContact.set(row.contactId, { contactId: row.contactId, at: now, preview, systemEvent, direction: 'in', unreadDelta: unread, resetUnread: false });
      }
      // one order for every writer of these rows: no deadlocks between concurrent batches
      const chats = await this.chats.applySummaries(
        tx,
        tenantId,
        [...perContact.values()].sort((a, b) => (a.contactId < b.contactId ? -1 : 1)),
      );
      return { senders, insertedByWaId, existing, chats, merged };
    });
    // the boards and chat lists follow a merge's deal and assignee (not awaited: the pushes read the database)
    if (outcome.merged.length) void this.resolver.announceMerges(tenantId, outcome.merged);

    const chatOf = new Map<string, ChatRow>(outcome.chats.map((c) => [c.id, c]));
    // the batch's messages as clients read them in one go, then every event of the batch in one synchronous run
    const dtoOf = new Map<MessageRow, Message>();
    const insertedRows = [...outcome.insertedByWaId.values()];
    (await this.broadcast.dtos(tenantId, insertedRows)).forEach((dto, i) => dtoOf.set(insertedRows[i], dto));
    const announced = new Set<string>();
    for (const item of unique) {
      const m = item.message;
      const resolved = outcome.senders.get(senderKey(m)) as ResolvedSender;
      const row = outcome.insertedByWaId.get(m.id);
      if (row) {
        const chat = chatOf.get(row.contactId);
        const assignedTo = chat?.assigned_to ?? resolved.contact.assignedTo;
        const dto = dtoOf.get(row)!;
        this.broadcast.announceCreated(tenantId, assignedTo, dto, chat ? toChatDto(chat) : null);
        // a line WhatsApp wrote: no "new message" notice, and no reply that stops a follow-up, answers a campaign or an order confirmation
        if (fromContact(row)) {
          const contact = { name: chat?.name || resolved.contact.name, phone: chat?.phone || resolved.contact.phone };
          this.broadcast.notifyAssignee(assignedTo, row.contactId, contact, notificationBody(row));
          this.events.emit('message.inbound', {
            tenantId,
            contactId: row.contactId,
            messageId: row.id,
            at: row.createdAt,
            createdContact: resolved.created && !announced.has(row.contactId),
            body: row.body ?? '',
            buttonPayload: m.button?.payload ?? null,
            // the contact row as this transaction updated it (the lock makes a run started meanwhile visible)
            followUpActive: chat ? chat.has_active_follow_up : true,
          });
          announced.add(row.contactId);
        }
        item.resolve({ status: 'stored', contactId: row.contactId, messageId: row.id, message: dto });
      } else {
        const prior = outcome.existing.find((e) => e.waMessageId === m.id) as MessageRow | undefined;
        item.resolve({ status: 'duplicate', contactId: prior?.contactId ?? resolved.contact.id, messageId: prior?.id ?? '' });
      }
    }
    // repeats of an id inside this very batch
    for (const item of batch) {
      const first = firstOfId.get(item.message.id)!;
      if (first !== item) {
        const row = outcome.insertedByWaId.get(item.message.id);
        item.resolve({ status: 'duplicate', contactId: row?.contactId ?? '', messageId: row?.id ?? '' });
      }
    }
  }

  /** Received media goes to storage before the transaction; a file we do not accept is kept as text only. */
  private async saveMedia(tenantId: string, message: InboundWhatsAppMessage): Promise<string | undefined> {
    const media = message.media!;
    const inspected = await this.inspector.inspect(media.data, media.fileName);
    const ext = inspected?.ext ?? (/ogg|opus/.test(media.mime) ? 'ogg' : undefined);
    if (!ext) {
      this.logger.warn(`inbound media of type ${media.mime} not kept`);
      return undefined;
    }
    const key = `${tenantId}/inbound/${newId()}.${ext}`;
    await this.storage.put(key, media.data);
    return key;
  }
}

/**
 * The message with every text made storable (common/rules/text: NUL dropped, lone surrogates as
 * U+FFFD). Done here, where every driver's messages enter, rather than in each driver: a new
 * driver, or a field a driver forgets, cannot lose a customer's message to one bad byte again.
 * Ids too, so a redelivery maps to the same stored id.
 */
function storableMessage(m: InboundWhatsAppMessage): InboundWhatsAppMessage {
  const text = (v: string | undefined) => (v === undefined ? undefined : storableText(v));
  return {
    ...m,
    id: storableText(m.id),
    from: storableText(m.from),
    phoneId: text(m.phoneId),
    lid: text(m.lid),
    userId: text(m.userId),
    profileName: text(m.profileName),
    body: storableText(m.body ?? ''),
    media: m.media ? { ...m.media, mime: storableText(m.media.mime), fileName: text(m.media.fileName) } : undefined,
    button: m.button ? { payload: storableText(m.button.payload), text: storableText(m.button.text) } : undefined,
    previous: m.previous ? { phoneId: text(m.previous.phoneId), userId: text(m.previous.userId) } : undefined,
  };
}

/** A message the contact wrote, not a line WhatsApp wrote into the conversation (a changed number…). */
const fromContact = (row: MessageRow) => !row.systemEvent;

function notificationBody(row: MessageRow): string {
  return messagePreview({ type: row.type, body: row.body, mediaFileName: row.mediaFileName });
}
