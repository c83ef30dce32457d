/*
 * The life of one cash-on-delivery confirmation, exactly once at each step.
 *
 * - Opened when a deal becomes won (`contacts.deal_changed`) with a shipping address and the
 *   company has the confirmation on: a `scheduled` row due `delayMinutes` later, and a pg-boss job
 *   (queue `order-confirmation`) for that moment, enqueued in the same transaction.
 * - The opening survives a crash: the transaction that stores the won move also enqueues a job to
 *   open it (DealWonHooks, run by ContactsService whichever screen moved the deal). The in-process
 *   `contacts.deal_changed` opens it at once; the job opens it if the process died before that. The
 *   insert is conditional (one waiting or open per contact, and none made since this move), so
 *   whichever comes second (or a retry) opens nothing: one confirmation per won move.
 * - Each step is a conditional UPDATE of the locked row (`scheduled → open`, the reminder's
 *   `reminded_at`, `open → expired`): instances racing for a step get one winner. The message then
 *   goes through the messenger's send path with `order-confirmation:<id>` (the reminder
 *   `order-confirmation-reminder:<id>`) as its idempotency key. The first message's `sent_at` is
 *   written only once it is stored; until then `next_at` is a short lease, after which another
 *   attempt takes it over with the same key (it finds the stored message instead of sending a
 *   second). Answers count only once `sent_at` is set.
 * - WhatsApp not connected (a restart before the session is back, a lost phone): a send or reminder
 *   that is due is not claimed (`waiting`) and stays due; the company's connection sweeps, and it
 *   goes out then, once. The expiry needs no WhatsApp.
 * - Timing: the job wakes whichever instance at the due time; the sweep (every 30 s, at start-up,
 *   and from tests after moving the ManualClock: pg-boss compares with the database's clock) runs
 *   whatever is due through the same path. Handlers trust nothing in the job and re-read the row.
 * - On the official API with a template chosen, the message (and the reminder) is that template, its
 *   parameters filled from the deal, with a payload per quick-reply button that names the
 *   confirmation; a template Meta's list no longer allows falls back to the text.
 * - Answers: a reply while the contact's confirmation is open (a button of ours only for its own); 1 / yes / نعم confirms (shipping
 *   status processing), 2 / no / لا cancels (shipping status cancelled, the assignee notified);
 *   either is noted in the deal's shipping history, in the answer's transaction.
 *   Any other reply, a reply with no open confirmation, or one stored before it went out, does nothing here.
 * - An answer survives a crash: a recognised reply of a contact whose confirmation went out enqueues
 *   a job in the very transaction that stores the message (InboundMessagesService.onStored). The
 *   in-process `message.inbound` acts at once; the job acts if the process died before it did. The
 *   move `open → confirmed|cancelled` is one conditional UPDATE, so whichever comes second (or a
 *   retry, or another instance) changes nothing: answered once, one history line, one notice.
 */
import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import {
  contactNotificationParams,
  orderConfirmationButtons,
  orderConfirmationReply,
  renderOrderConfirmation,
  type OrderConfirmationSettings,
  type OrderConfirmationValues,
  type TemplateMessage,
} from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import '../contacts/contact-events.js';
import { ContactsService } from '../contacts/contacts.service.js';
import { DealWonHooks } from '../contacts/deal-won-hooks.js';
import { InboundMessagesService, type StoredInbound } from '../messages/inbound-messages.service.js';
import { OutboundMessagesService, type OutboundMessage } from '../messages/outbound-messages.service.js';
import { TemplateMessages } from '../messages/template-message.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { OrderConfirmationSettingsService } from './order-confirmation-settings.service.js';
import { OrderConfirmationsRepository, type OrderDeal } from './order-confirmations.repository.js';

export const ORDER_CONFIRMATION_QUEUE = 'order-confirmation';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SWEEP_MS = 30_000;
/** How long a claimed first message may take before another attempt takes it over (same key: no second message). */
const SEND_LEASE_MS = 2 * MINUTE;

/** A stored reply to act on; `at`: when it was stored (it answers only a confirmation sent by then). */
export type ConfirmationReply = { contactId: string; answer: 'confirm' | 'cancel'; confirmationId: string | null; at: string };
/** A deal became won at `at` (ISO): open its confirmation unless that move's is already open. */
type DealWon = { contactId: string; at: string };
/** Look at the confirmation (its send, reminder or expiry is due), act on a stored reply, or open a won deal's. */
type Job = { tenantId: string; confirmationId: string } | { tenantId: string; reply: ConfirmationReply } | { tenantId: string; won: DealWon };
/** One message to ask with: the text, and the template (parameters filled) on the official API. */
type Ask = { contactId: string; clientId: string; body: string; template?: TemplateMessage; contact: { name: string | null; phone: string } };
export type StepOutcome = 'sent' | 'reminded' | 'expired' | 'withdrawn' | 'waiting' | 'not-due' | 'done' | 'gone';

const money = (n: number | null) => (n == null ? '0' : String(Math.round(n * 100) / 100));

/** What the placeholders stand for; `lines` one per line, or joined by `separator`. */
function orderValues(deal: OrderDeal, separator = '\n', prefix = '- '): OrderConfirmationValues {
  const total = (deal.amount ?? deal.lines.reduce((s, l) => s + l.qty * l.price, 0)) + (deal.shippingCost ?? 0);
  return {
    name: deal.name ?? '',
    lines: deal.lines.map((l) => `${prefix}${l.name || '—'} × ${l.qty} = ${money(l.qty * l.price)}`).join(separator),
    total: money(total),
    shipping: money(deal.shippingCost),
    address: deal.address,
  };
}

/** The message of a deal in the company's chosen language. */
export function orderMessage(settings: OrderConfirmationSettings, deal: OrderDeal): string {
  return renderOrderConfirmation(settings.language === 'ar' ? settings.messageAr : settings.messageEn, orderValues(deal));
}

/**
 * The chosen template's body parameters filled from the deal. Meta refuses a parameter with a line
 * break, a tab or more than four spaces in a row, or an empty one: lines are joined by "; ".
 */
export function orderTemplateParams(params: readonly string[], deal: OrderDeal): string[] {
  const values = orderValues(deal, '; ', '');
  return params.map(
    (p) =>
      renderOrderConfirmation(p, values)
        .replace(/\s*[\r\n\t]+\s*/g, ' ')
        .replace(/ {4,}/g, ' ')
        .trim() || '—',
  );
}

@Injectable()
export class OrderConfirmationFlow implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OrderConfirmations');
  private readonly unsubscribe: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer?: NodeJS.Timeout;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly repo: OrderConfirmationsRepository,
    private readonly settings: OrderConfirmationSettingsService,
    private readonly contacts: ContactsService,
    private readonly outbound: OutboundMessagesService,
    private readonly inbound: InboundMessagesService,
    private readonly notifications: NotificationsService,
    private readonly events: MessengerEvents,
    private readonly bus: DomainEvents,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly sessions: WhatsAppSessionsService,
    private readonly templates: TemplateMessages,
    private readonly wonHooks: DealWonHooks,
  ) {}

  async onModuleInit() {
    // before any session starts (application bootstrap): the inbound hook enqueues into it in a transaction
    await this.jobs.createQueue(ORDER_CONFIRMATION_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    this.inbound.onStored((tx, tenantId, stored) => this.enqueueAnswers(tx, tenantId, stored));
    // in the won move's transaction: the job exists exactly when the move committed
    this.wonHooks.register((tx, tenantId, contactId, at) =>
      this.jobs.sendInTransaction(tx, ORDER_CONFIRMATION_QUEUE, { tenantId, won: { contactId, at: at.toISOString() } } satisfies Job).then(() => undefined),
    );
    this.unsubscribe.push(
      this.bus.on('contacts.deal_changed', (change) => {
        if (change.after?.status === 'won' && change.before?.status !== 'won' && !change.merged) return this.track(this.dealWon(change.tenantId, change.contactId));
      }),
      this.events.on('whatsapp.connected', () => void this.track(this.sweep())),
      this.events.on('message.inbound', ({ tenantId, contactId, body, buttonPayload, at }) => {
        const reply = orderConfirmationReply(body ?? '', buttonPayload);
        if (reply) return this.track(this.answer(tenantId, { contactId, ...reply, at: at.toISOString() }));
      }),
    );
  }

  async onApplicationBootstrap() {
    await this.jobs.work<Job>(ORDER_CONFIRMATION_QUEUE, { pollingIntervalSeconds: 5 }, async ({ data }) => {
      if ('won' in data) await this.track(this.dealWon(data.tenantId, data.won.contactId, new Date(data.won.at)));
      else await this.track<unknown>('reply' in data ? this.answer(data.tenantId, data.reply) : this.step(data.tenantId, data.confirmationId));
    });
    this.timer = setInterval(() => void this.sweep(), SWEEP_MS);
    this.timer.unref();
    void this.sweep();
  }

  async beforeApplicationShutdown() {
    this.closing = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach((off) => off());
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }

  /** Runs every step due now (any company). Never rejects. */
  async sweep(): Promise<void> {
    if (this.closing) return;
    try {
      // the companies whose session this instance holds, connected (the others' sends wait for it), and every expiry
      const due = await this.db.platform((tx) => this.repo.due(tx, this.clock.now(), this.sessions.connectedTenants(), 500));
      for (const c of due) await this.step(c.tenantId, c.id);
    } catch (err) {
      if (!this.closing) this.logger.error(`order confirmation sweep failed: ${err instanceof Error ? err.stack : err}`);
    }
  }

  /**
   * Opens the won deal's confirmation, once: from the in-process event (`wonAt` unknown: it runs
   * right after the move) or from the move's job (`wonAt` the move's time: a confirmation made since
   * then is this move's, however it has gone on since). Moved out of won meanwhile: none.
   */
  async dealWon(tenantId: string, contactId: string, wonAt?: Date): Promise<void> {
    const now = this.clock.now();
    await this.db.tenant(tenantId, async (tx) => {
      const settings = await this.settings.current(tx, tenantId);
      if (!settings.enabled) return;
      const deal = await this.repo.deal(tx, tenantId, contactId);
      if (!deal?.address || deal.pipelineStatus !== 'won') return;
      const latest = wonAt && (await this.repo.latestOf(tx, tenantId, contactId));
      if (latest && latest.createdAt >= wonAt) return;
      const sendAt = new Date(now.getTime() + settings.delayMinutes * MINUTE);
      const opened = await this.repo.open(tx, tenantId, contactId, sendAt, now);
      // in this transaction: the job exists exactly when the confirmation does
      if (opened) await this.schedule(tx, { tenantId, confirmationId: opened.id }, sendAt, now);
    });
  }

  private schedule(tx: Parameters<JobQueue['sendInTransaction']>[0], job: Job, at: Date, now: Date) {
    return this.jobs.sendInTransaction(tx, ORDER_CONFIRMATION_QUEUE, job, { startAfter: Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000)) });
  }

  /** One look at one confirmation: send it, remind, or expire it, whichever is due. */
  async step(tenantId: string, id: string): Promise<StepOutcome> {
    const now = this.clock.now();
    type Work = { outcome: StepOutcome; ask?: Ask; notify?: { userId: string | null; contact: { name: string | null; phone: string } } };
    // read before the claim: a message handed to a session that is not connected would fail, and count as sent
    const sendable = await this.sessions.canSend(tenantId);
    const work = await this.db.tenant(tenantId, async (tx): Promise<Work> => {
      const row = await this.repo.find(tx, tenantId, id, { forUpdate: true });
      if (!row) return { outcome: 'gone' };
      if (row.status !== 'scheduled' && row.status !== 'open') return { outcome: 'done' };
      if (!row.nextAt || row.nextAt > now) return { outcome: 'not-due' };
      const settings = await this.settings.current(tx, tenantId);
      const deal = await this.repo.deal(tx, tenantId, row.contactId);
      if (!deal) return { outcome: 'gone' };
      const nextAt = new Date(now.getTime() + settings.reminderHours * HOUR);
      if (row.status === 'scheduled') {
        // moved back out of won during the delay: the customer is not asked
        if (deal.pipelineStatus !== 'won') {
          await this.repo.move(tx, tenantId, id, 'scheduled', { status: 'withdrawn', nextAt: null, updatedAt: now });
          return { outcome: 'withdrawn' };
        }
        if (!sendable) return { outcome: 'waiting' };
        // claimed: open, not sent yet; a sender that dies is taken over after the lease (below)
        const takeOverAt = new Date(now.getTime() + SEND_LEASE_MS);
        if (!(await this.repo.move(tx, tenantId, id, 'scheduled', { status: 'open', nextAt: takeOverAt, updatedAt: now }))) return { outcome: 'done' };
        await this.schedule(tx, { tenantId, confirmationId: id }, takeOverAt, now);
        return { outcome: 'sent', ask: await this.ask(tx, tenantId, settings, deal, row.contactId, `order-confirmation:${id}`) };
      }
      if (!row.sentAt) {
        if (!sendable) return { outcome: 'waiting' };
        // its sender stopped before recording the send: the same key finds the message if it was stored
        const takeOverAt = new Date(now.getTime() + SEND_LEASE_MS);
        if (!(await this.repo.move(tx, tenantId, id, 'open', { nextAt: takeOverAt, updatedAt: now }))) return { outcome: 'done' };
        await this.schedule(tx, { tenantId, confirmationId: id }, takeOverAt, now);
        return { outcome: 'sent', ask: await this.ask(tx, tenantId, settings, deal, row.contactId, `order-confirmation:${id}`) };
      }
      if (!row.remindedAt) {
        if (!sendable) return { outcome: 'waiting' };
        if (!(await this.repo.move(tx, tenantId, id, 'open', { remindedAt: now, nextAt, updatedAt: now }))) return { outcome: 'done' };
        await this.schedule(tx, { tenantId, confirmationId: id }, nextAt, now);
        return { outcome: 'reminded', ask: await this.ask(tx, tenantId, settings, deal, row.contactId, `order-confirmation-reminder:${id}`) };
      }
      if (!(await this.repo.move(tx, tenantId, id, 'open', { status: 'expired', nextAt: null, updatedAt: now }))) return { outcome: 'done' };
      return { outcome: 'expired', notify: { userId: deal.assignedTo, contact: { name: deal.name, phone: deal.phone } } };
    });
    if (work.ask) {
      // the idempotency key makes this one message whoever sends it and however often
      const stored = await this.outbound
        .send(tenantId, await this.outgoing(tenantId, id, work.ask))
        .then(() => true)
        .catch((err) => {
          this.logger.warn(`order confirmation ${id} could not be sent: ${err instanceof Error ? err.message : err}`);
          return false;
        });
      if (stored && work.outcome === 'sent') await this.recordSent(tenantId, id);
    }
    if (work.outcome === 'expired' && work.notify?.userId) {
      await this.notifications.notifyUsers(tenantId, [work.notify.userId], {
        code: 'order.confirmation_expired',
        params: contactNotificationParams(work.notify.contact),
        link: `/contacts/${(await this.contactOf(tenantId, id)) ?? ''}`,
      });
    }
    return work.outcome;
  }

  /** What to send (in the step's transaction): the text, and the template when the company is on the official API and chose one. */
  private async ask(tx: TenantTx, tenantId: string, settings: OrderConfirmationSettings, deal: OrderDeal, contactId: string, clientId: string): Promise<Ask> {
    const chosen = settings.whatsappTemplate;
    const template = chosen && (await this.sessions.connectionKind(tx, tenantId)) === 'cloud' ? { ...chosen, params: orderTemplateParams(chosen.params, deal) } : undefined;
    return { contactId, clientId, body: orderMessage(settings, deal), template, contact: { name: deal.name, phone: deal.phone } };
  }

  /** The message to send: the template (checked approved, with our buttons' payloads), or the text when it cannot be. */
  private async outgoing(tenantId: string, id: string, ask: Ask): Promise<OutboundMessage> {
    const base = { contactId: ask.contactId, automated: true, clientId: ask.clientId };
    if (!ask.template) return { ...base, body: ask.body };
    try {
      const prepared = await this.db.tenant(tenantId, (tx) => this.templates.prepare(tx, tenantId, ask.contact, ask.template!, orderConfirmationButtons(id)));
      return { ...base, body: prepared.body, template: prepared.template };
    } catch (err) {
      this.logger.warn(`order confirmation ${id}: the template cannot be sent (${err instanceof Error ? err.message : err}); sending the text`);
      return { ...base, body: ask.body };
    }
  }

  /** The message is stored: the wait for an answer starts now, with the reminder's job. */
  private async recordSent(tenantId: string, id: string) {
    const now = this.clock.now();
    await this.db.tenant(tenantId, async (tx) => {
      const row = await this.repo.find(tx, tenantId, id, { forUpdate: true });
      if (row?.status !== 'open' || row.sentAt) return;
      const nextAt = new Date(now.getTime() + (await this.settings.current(tx, tenantId)).reminderHours * HOUR);
      await this.repo.move(tx, tenantId, id, 'open', { sentAt: now, nextAt, updatedAt: now });
      await this.schedule(tx, { tenantId, confirmationId: id }, nextAt, now);
    });
  }

  private async contactOf(tenantId: string, id: string) {
    return (await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId, id)))?.contactId;
  }

  /** In the transaction storing inbound messages: a job for each recognised answer of a contact whose confirmation went out. */
  private async enqueueAnswers(tx: TenantTx, tenantId: string, stored: StoredInbound[]) {
    const replies = stored.flatMap(({ row, buttonPayload }) => {
      const reply = orderConfirmationReply(row.body ?? '', buttonPayload);
      return reply ? [{ contactId: row.contactId, ...reply, at: row.createdAt.toISOString() }] : [];
    });
    // "yes" and "1" are common in any chat: only the contacts that were asked get a job
    const asked = replies.length ? await this.repo.waitingForAnswer(tx, tenantId, [...new Set(replies.map((r) => r.contactId))]) : new Set<string>();
    for (const reply of replies.filter((r) => asked.has(r.contactId))) await this.jobs.sendInTransaction(tx, ORDER_CONFIRMATION_QUEUE, { tenantId, reply } satisfies Job);
  }

  /**
   * A recognised answer: only a confirmation open for this contact, sent by the time the reply was
   * stored, takes it. The answer, the shipping status and the deal's history line commit together
   * (the contacts module writes its own tables in this transaction): a crash leaves all of them or
   * none. Safe to run again for the same reply (the event and the job both do): once answered, the
   * confirmation is no longer open.
   */
  async answer(tenantId: string, { contactId, answer, confirmationId, at }: ConfirmationReply): Promise<void> {
    const now = this.clock.now();
    const done = await this.db.tenant(tenantId, async (tx) => {
      const open = await this.repo.openOf(tx, tenantId, contactId);
      // a button of an earlier confirmation does not answer this one, nor a reply from before it was sent
      if (!open?.sentAt || (confirmationId && open.id !== confirmationId) || open.sentAt > new Date(at)) return null;
      const status = answer === 'confirm' ? 'confirmed' : 'cancelled';
      if (!(await this.repo.move(tx, tenantId, open.id, 'open', { status, answeredAt: now, nextAt: null, updatedAt: now }))) return null;
      await this.contacts.setShippingStatusByContact(tx, tenantId, contactId, answer === 'confirm' ? 'processing' : 'cancelled');
      return { deal: await this.repo.deal(tx, tenantId, contactId) };
    });
    if (answer === 'cancel' && done?.deal?.assignedTo) {
      await this.notifications.notifyUsers(tenantId, [done.deal.assignedTo], { code: 'order.cancelled', params: contactNotificationParams(done.deal), link: `/contacts/${contactId}` });
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }
}
