/*
 * How campaign messages go out: one at a time per company, at the company's pace, exactly once.
 *
 * - Truth: the campaign_recipients rows. Each instance, every CAMPAIGN_TICK_SECONDS and when a
 *   campaign starts or resumes, looks at the companies whose WhatsApp it holds (sessions live in
 *   one process) that have a campaign running or due.
 * - Pace: Settings → Sending. Outside the sending hours nothing leaves. Otherwise the company's one
 *   `sending_pace` row gives the next slot (after a random interval, within the day's limit,
 *   which grows day by day while the number warms up) to whoever updates it first.
 * - Exactly once: in one transaction the next recipient is claimed (`pending → sending`) and the
 *   slot taken; no slot, nothing claimed (the transaction rolls back). The message then goes
 *   through the messenger's send path with `campaign:<recipient id>` as its idempotency key, so a
 *   recipient whose sender died (`sending` past the lease) is taken over and finds its message
 *   instead of sending another. Its outcome is recorded here or by the message's delivery report,
 *   whichever comes first (`sending → sent | failed`, once).
 * - Auto-pause: when failures reach the threshold among the campaign's last sends, or the
 *   company's WhatsApp goes down, running campaigns pause with the reason; a person resumes them.
 */
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { dailySendLimit, dayIn, isWithinSendingHours, renderCampaignMessage, sendInterval, shouldAutoPause, type CampaignWhatsAppTemplate, type Message } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/columns.js';
import { OutboundMessagesService } from '../messages/outbound-messages.service.js';
import { AutomatedWindow } from '../messages/window-delivery.js';
import { MessengerEvents, type MessengerEventMap } from '../whatsapp/messenger-events.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { CAMPAIGN_OPTIONS, type CampaignOptions } from './campaign-options.js';
import { CampaignProgress } from './campaign-progress.js';
import { CampaignStarter } from './campaign-starter.js';
import { CampaignsRepository, type ClaimedRecipient } from './campaigns.repository.js';
import type { CampaignRow } from './campaigns.table.js';
import { SendingSettingsRepository } from './sending-settings.repository.js';
import { SendingSettingsService } from './sending-settings.service.js';

/** A recipient's message idempotency key is this prefix and the recipient id. */
export const RECIPIENT_CLIENT_ID_PREFIX = 'campaign:';
/** WhatsApp states that pause running campaigns (starting up is not a disconnection). */
const NOT_DOWN = new Set(['initializing', 'connected']);

export type SendOutcome = 'sent' | 'failed' | 'in-flight' | 'skipped' | 'paced' | 'outside-hours' | 'idle' | 'closing';

class NoSlot extends Error {}
/** The send slot a claim took: `next` is when the following one opens, `day` the day it counts on. */
type Slot = { next: Date; day: string };

const recipientOf = (clientId: string | null) => {
  const id = clientId?.startsWith(RECIPIENT_CLIENT_ID_PREFIX) ? clientId.slice(RECIPIENT_CLIENT_ID_PREFIX.length) : null;
  return id && isUuid(id) ? id : null;
};

@Injectable()
export class CampaignSender implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('CampaignSender');
  private readonly unsubscribe: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Recipients this process is sending now: it records their outcome itself (the delivery report is for the others). */
  private readonly sendingHere = new Set<string>();
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private again = false;
  private closing = false;

  constructor(
    private readonly db: Database,
    private readonly repo: CampaignsRepository,
    private readonly settings: SendingSettingsService,
    private readonly pace: SendingSettingsRepository,
    private readonly starter: CampaignStarter,
    private readonly progress: CampaignProgress,
    private readonly outbound: OutboundMessagesService,
    private readonly window: AutomatedWindow,
    private readonly sessions: WhatsAppSessionsService,
    private readonly events: MessengerEvents,
    private readonly clock: Clock,
    @Inject(CAMPAIGN_OPTIONS) private readonly options: CampaignOptions,
  ) {}

  onModuleInit() {
    this.unsubscribe.push(
      this.events.on('message.outbound', (e) => {
        const id = recipientOf(e.clientId);
        if (id && !this.sendingHere.has(id)) return this.track(this.recordDelivery(e, id));
      }),
      this.events.on('whatsapp.down', ({ tenantId, state }) => {
        if (!this.closing && !NOT_DOWN.has(state)) return this.track(this.pauseRunning(tenantId, 'whatsapp_disconnected'));
      }),
      this.events.on('whatsapp.connected', ({ tenantId }) => this.kick(tenantId)),
    );
  }

  onApplicationBootstrap() {
    if (this.options.tickMs > 0) {
      this.timer = setInterval(() => void this.tick(), this.options.tickMs);
      this.timer.unref();
    }
  }

  async beforeApplicationShutdown() {
    this.closing = true;
    clearInterval(this.timer);
    this.unsubscribe.forEach((off) => off());
    const settled = Promise.allSettled([...this.inFlight, this.running]);
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }

  /** Something may be sendable now (a campaign started or resumed, WhatsApp connected). */
  kick(_tenantId: string): void {
    void this.tick();
  }

  /**
   * One pass: for each company whose WhatsApp this instance holds and that has a campaign running
   * or due, starts what is due and sends at most one message. One pass at a time; a call during a
   * pass runs one more afterwards. Never rejects.
   */
  tick(): Promise<void> {
    if (this.closing) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.track(this.passes()).finally(() => (this.running = null));
    return this.running;
  }

  private async passes() {
    do {
      this.again = false;
      try {
        const held = this.sessions.connectedTenants();
        const tenants = await this.db.platform((tx) => this.repo.tenantsWithActive(tx, held));
        await Promise.all(tenants.map((t) => this.sendNext(t)));
      } catch (err) {
        if (!this.closing) this.logger.error(`campaign pass failed: ${err instanceof Error ? err.stack : err}`);
      }
    } while (this.again && !this.closing);
  }

  /** Starts the company's due campaigns, then sends its next recipient if the pace allows. */
  async sendNext(tenantId: string): Promise<SendOutcome> {
    if (this.closing) return 'closing';
    const now = this.clock.now();
    const touched = new Set<string>();
    // on its own: a send that must wait for its slot does not undo a start
    await this.db.tenant(tenantId, async (tx) => {
      for (const due of await this.repo.dueScheduled(tx, tenantId, now)) {
        const locked = await this.repo.find(tx, tenantId, due.id, { forUpdate: true });
        if (locked?.status !== 'scheduled') continue;
        await this.starter.startInTx(tx, tenantId, locked, now);
        touched.add(due.id);
      }
    });
    type Decision = { outcome: SendOutcome; recipient?: ClaimedRecipient; campaign?: CampaignRow; slot?: Slot };
    const decision: Decision = await this.db
      .tenant(tenantId, async (tx): Promise<Decision> => {
        const running = await this.repo.withStatus(tx, tenantId, ['running']);
        if (!running.length) return { outcome: 'idle' };
        const settings = await this.settings.current(tx, tenantId);
        if (!isWithinSendingHours(now, settings.sendingHours, settings.timeZone)) return { outcome: 'outside-hours' };
        const staleBefore = new Date(now.getTime() - this.options.sendingLeaseMs);
        for (const campaign of running) {
          const recipient = await this.repo.claimNext(tx, tenantId, campaign.id, now, staleBefore);
          if (!recipient) {
            if (!(await this.repo.hasOpen(tx, tenantId, campaign.id))) {
              await this.repo.update(tx, tenantId, campaign.id, { status: 'completed', finishedAt: now, updatedAt: now }, ['running']);
              touched.add(campaign.id);
            }
            continue;
          }
          if (recipient.optedOut) {
            await this.repo.finish(tx, tenantId, recipient.id, { status: 'skipped', reason: 'opted_out', at: now });
            touched.add(campaign.id);
            return { outcome: 'skipped' };
          }
          const day = dayIn(now, settings.timeZone);
          const next = new Date(now.getTime() + sendInterval(settings.minIntervalSeconds, settings.maxIntervalSeconds, Math.random()));
          // no slot: the claim is rolled back with it
          if (!(await this.pace.takeSlot(tx, tenantId, { now, next, day, limit: dailySendLimit(settings, day) }))) throw new NoSlot();
          return { outcome: 'in-flight', recipient, campaign, slot: { next, day } };
        }
        return { outcome: 'idle' };
      })
      .catch((err: unknown) => {
        if (err instanceof NoSlot) return { outcome: 'paced' } as Decision;
        throw err;
      });
    if (touched.size) await this.progress.push(tenantId, touched);
    if (!decision.recipient || !decision.campaign || !decision.slot) return decision.outcome;
    return this.send(tenantId, decision.campaign, decision.recipient, decision.slot);
  }

  private async send(tenantId: string, campaign: CampaignRow, recipient: ClaimedRecipient, slot: Slot): Promise<SendOutcome> {
    let message: Message | undefined;
    let errorCode: string | undefined;
    const fill = (text: string) => renderCampaignMessage(text, { name: recipient.name, agent: recipient.agent });
    this.sendingHere.add(recipient.id);
    try {
      // on the official API, outside the 24-hour window: the campaign's WhatsApp template, or nothing
      const template = campaign.whatsappTemplate;
      const delivery = await this.window.delivery(tenantId, recipient.contactId, template ? fillTemplate(template, fill) : null);
      if (delivery.kind === 'skip') {
        this.sendingHere.delete(recipient.id);
        return await this.skipClosedWindow(tenantId, campaign.id, recipient.id, slot);
      }
      message = await this.outbound.send(tenantId, {
        contactId: recipient.contactId,
        ...(delivery.kind === 'template'
          ? { body: delivery.prepared.body, template: delivery.prepared.template }
          : { body: fill(campaign.message), media: campaign.mediaPath ? { path: campaign.mediaPath, fileName: campaign.mediaFileName } : undefined }),
        automated: true,
        // the idempotency key: whoever sends this recipient, it becomes one message
        clientId: `${RECIPIENT_CLIENT_ID_PREFIX}${recipient.id}`,
      });
    } catch (err) {
      errorCode = (err as { code?: string }).code ?? 'send_failed';
      this.logger.warn(`campaign recipient ${recipient.id} could not be sent: ${err instanceof Error ? err.message : err}`);
    } finally {
      this.sendingHere.delete(recipient.id);
    }
    const status = !message ? 'failed' : message.status === 'sent' ? 'sent' : message.status === 'failed' || message.status === 'unknown' ? 'failed' : 'in-flight';
    const reason = status === 'failed' ? (message?.status === 'unknown' ? 'unknown' : (message?.errorCode ?? errorCode ?? 'send_failed')) : null;
    await this.record(tenantId, recipient.id, campaign.id, status, reason, message?._id ?? null);
    return status;
  }

  /** Official API, window closed, no template: Meta would refuse the message, so it is not sent (nor counted against the day's limit). */
  private async skipClosedWindow(tenantId: string, campaignId: string, recipientId: string, slot: Slot): Promise<SendOutcome> {
    const at = this.clock.now();
    await this.db.tenant(tenantId, async (tx) => {
      if (!(await this.repo.finish(tx, tenantId, recipientId, { status: 'skipped', reason: 'window_closed', at }))) return;
      await this.pace.giveBack(tx, tenantId, { ...slot, now: at });
      if (!(await this.repo.hasOpen(tx, tenantId, campaignId))) await this.repo.update(tx, tenantId, campaignId, { status: 'completed', finishedAt: at, updatedAt: at }, ['running']);
    });
    await this.progress.push(tenantId, [campaignId]);
    return 'skipped';
  }

  /** A campaign message's delivery report: finishes its recipient if the sender has not (it stopped, or another instance sent it). */
  private async recordDelivery(e: MessengerEventMap['message.outbound'], recipientId: string) {
    const found = await this.db.tenant(e.tenantId, (tx) => this.repo.recipientOfMessage(tx, e.tenantId, recipientId));
    if (!found || found.status !== 'sending') return;
    await this.record(
      e.tenantId,
      recipientId,
      found.campaignId,
      e.status === 'sent' ? 'sent' : 'failed',
      e.status === 'sent' ? null : e.status === 'unknown' ? 'unknown' : (e.errorCode ?? 'send_failed'),
      e.messageId,
    );
  }

  private async record(tenantId: string, recipientId: string, campaignId: string, status: 'sent' | 'failed' | 'in-flight', reason: string | null, messageId: string | null) {
    const at = this.clock.now();
    const changed = await this.db.tenant(tenantId, async (tx) => {
      if (status === 'in-flight') {
        // stored, still pending in another process: its delivery report (or the next takeover) records it
        await this.repo.finish(tx, tenantId, recipientId, { status: 'sending', messageId, at });
        return false;
      }
      if (!(await this.repo.finish(tx, tenantId, recipientId, { status, reason, messageId, sentAt: status === 'sent' ? at : null, at }))) return false;
      if (status === 'failed') {
        const settings = await this.settings.current(tx, tenantId);
        if (shouldAutoPause(await this.repo.recentFailures(tx, campaignId, settings.failureWindow), settings.failureThreshold)) {
          await this.repo.update(tx, tenantId, campaignId, { status: 'paused', pausedReason: 'failures', updatedAt: at }, ['running']);
        }
      }
      if (!(await this.repo.hasOpen(tx, tenantId, campaignId))) await this.repo.update(tx, tenantId, campaignId, { status: 'completed', finishedAt: at, updatedAt: at }, ['running']);
      return true;
    });
    if (changed) await this.progress.push(tenantId, [campaignId]);
  }

  private async pauseRunning(tenantId: string, reason: 'whatsapp_disconnected') {
    const at = this.clock.now();
    const paused = await this.db.tenant(tenantId, async (tx) => {
      const running = await this.repo.withStatus(tx, tenantId, ['running']);
      for (const c of running) await this.repo.update(tx, tenantId, c.id, { status: 'paused', pausedReason: reason, updatedAt: at }, ['running']);
      return running.map((c) => c.id);
    });
    await this.progress.push(tenantId, paused);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }
}

/** The campaign's template for one recipient: `{name}` and `{agent}` filled in the body's parameters, a text header and the buttons' values. */
function fillTemplate(template: CampaignWhatsAppTemplate, fill: (text: string) => string): CampaignWhatsAppTemplate {
  const header = template.header?.text !== undefined ? { ...template.header, text: fill(template.header.text) } : template.header;
  return { ...template, params: template.params.map(fill), ...(header ? { header } : {}), ...(template.buttons ? { buttons: template.buttons.map(fill) } : {}) };
}
