import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { optOutMatcher } from '@crm/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/columns.js';
import { DomainEvents } from '../../platform/events/domain-events.js';
import { ContactOptOutsService } from '../contacts/contact-opt-outs.service.js';
import '../contacts/contact-events.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { CampaignProgress } from './campaign-progress.js';
import { RECIPIENT_CLIENT_ID_PREFIX } from './campaign-sender.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { SendingSettingsService } from './sending-settings.service.js';

type Reply = { contactId: string; messageId: string; body: string };

/**
 * What contacts do after a campaign message: WhatsApp's delivered and read reports move its
 * recipient on, a reply marks it `replied`, and a reply that is one of the company's opt-out
 * keywords opts the contact out (then every campaign skips what it had not sent them yet).
 * Replies are gathered per company and handled in one transaction while the previous batch runs:
 * at thousands of inbound messages a second, one transaction each would starve the pool.
 */
@Injectable()
export class CampaignReplies implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('CampaignReplies');
  private readonly unsubscribe: (() => void)[] = [];
  private readonly waiting = new Map<string, Reply[]>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly repo: CampaignsRepository,
    private readonly settings: SendingSettingsService,
    private readonly optOuts: ContactOptOutsService,
    private readonly progress: CampaignProgress,
    private readonly events: MessengerEvents,
    private readonly bus: DomainEvents,
    private readonly clock: Clock,
  ) {}

  onModuleInit() {
    this.unsubscribe.push(
      this.events.on('message.inbound', ({ tenantId, contactId, messageId, body }) => this.replied(tenantId, { contactId, messageId, body })),
      this.events.on('message.ack', ({ tenantId, clientId, ack }) => {
        const id = clientId?.startsWith(RECIPIENT_CLIENT_ID_PREFIX) ? clientId.slice(RECIPIENT_CLIENT_ID_PREFIX.length) : null;
        if (id && isUuid(id) && ack >= 2) return this.track(this.acked(tenantId, id, ack));
      }),
      this.bus.on('contacts.opted_out', ({ tenantId, contactId }) => this.track(this.optedOut(tenantId, contactId))),
    );
  }

  async beforeApplicationShutdown() {
    this.unsubscribe.forEach((off) => off());
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }

  private async acked(tenantId: string, recipientId: string, ack: number) {
    const campaignId = await this.db.tenant(tenantId, (tx) => this.repo.applyAck(tx, tenantId, recipientId, ack, this.clock.now()));
    if (campaignId) await this.progress.push(tenantId, [campaignId]);
  }

  private async optedOut(tenantId: string, contactId: string) {
    const touched = await this.db.tenant(tenantId, (tx) => this.repo.skipPendingOf(tx, tenantId, contactId, 'opted_out', this.clock.now()));
    await this.progress.push(tenantId, touched);
  }

  private replied(tenantId: string, reply: Reply): Promise<unknown> | undefined {
    const pending = this.waiting.get(tenantId);
    if (pending) {
      pending.push(reply);
      return undefined;
    }
    this.waiting.set(tenantId, [reply]);
    return this.track(
      new Promise<void>((r) => setImmediate(r)).then(async () => {
        while (this.waiting.get(tenantId)?.length) {
          const batch = this.waiting.get(tenantId)!;
          this.waiting.set(tenantId, []);
          await this.handle(tenantId, batch).catch((err) => this.logger.error(`campaign replies of ${tenantId} failed: ${err}`));
        }
        this.waiting.delete(tenantId);
      }),
    );
  }

  private async handle(tenantId: string, batch: Reply[]) {
    const { touched, keywords } = await this.db.tenant(tenantId, async (tx) => ({
      touched: await this.repo.markReplied(tx, tenantId, [...new Set(batch.map((r) => r.contactId))].sort(), this.clock.now()),
      keywords: (await this.settings.current(tx, tenantId)).optOutKeywords,
    }));
    await this.progress.push(tenantId, touched);
    const isOptOut = optOutMatcher(keywords);
    for (const reply of batch) {
      if (isOptOut(reply.body)) await this.optOuts.optOutByReply(tenantId, reply.contactId, reply.body.trim(), reply.messageId);
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const done = () => this.inFlight.delete(work);
    work.then(done, done);
    return work;
  }
}
