import { Injectable, Logger } from '@nestjs/common';
import { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/columns.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { CloudWebhookProcessor, RECOVERY_AFTER_SECONDS, WEBHOOK_QUEUE, type StoredDelivery, type WebhookJob } from './cloud-webhook-processor.js';
import { WhatsAppCloudRepository } from './whatsapp-cloud.repository.js';

type Waiting = { delivery: StoredDelivery; resolve(): void; reject(err: unknown): void };

/** Transactions storing deliveries at once; while they run, the next deliveries gather. */
const WRITES_IN_FLIGHT = 4;
/** Deliveries one transaction stores at most. */
const MAX_GROUP = 500;

/**
 * Stores signed deliveries durably before they are answered, a group per transaction (group
 * commit): every delivery that arrived while the previous transactions were committing goes into
 * the next one, with one recovery job for the group. One transaction and one WAL flush per
 * delivery could not keep up with Meta's bursts; the group grows with the load, the wait for a
 * lone delivery stays one commit. The group is then processed at once (CloudWebhookProcessor).
 */
@Injectable()
export class CloudWebhookIntake {
  private readonly logger = new Logger('WhatsAppCloud');
  private readonly waiting = new Map<string, Waiting[]>();
  private writing = 0;
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppCloudRepository,
    private readonly jobs: JobQueue,
    private readonly processor: CloudWebhookProcessor,
  ) {}

  /** Resolves once the delivery is committed, with its processing queued. */
  store(tenantId: string, phoneNumberId: string, body: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const list = this.waiting.get(tenantId) ?? [];
      list.push({ delivery: { id: newId(), phoneNumberId, body }, resolve, reject });
      this.waiting.set(tenantId, list);
      // on the next turn: the deliveries arriving meanwhile join the group
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  private pump() {
    while (this.writing < WRITES_IN_FLIGHT && this.waiting.size) {
      const [tenantId, list] = this.waiting.entries().next().value!;
      const group = list.splice(0, MAX_GROUP);
      // to the back of the line: a company sending more than a group does not hold the others up
      this.waiting.delete(tenantId);
      if (list.length) this.waiting.set(tenantId, list);
      this.writing++;
      void this.write(tenantId, group).finally(() => {
        this.writing--;
        this.pump();
      });
    }
  }

  private async write(tenantId: string, group: Waiting[]) {
    try {
      await this.insert(tenantId, group);
    } catch (err) {
      if (group.length === 1) return group[0].reject(err);
      // one delivery the database refuses must not fail the others: each on its own
      this.logger.warn(`storing ${group.length} webhook deliveries at once failed (${err}): one by one`);
      for (const item of group) await this.insert(tenantId, [item]).catch((e: unknown) => item.reject(e));
    }
  }

  private async insert(tenantId: string, group: Waiting[]) {
    const deliveries = group.map((w) => w.delivery);
    await this.db.tenant(tenantId, async (tx) => {
      await this.repo.insertWebhookEvents(tx, tenantId, deliveries);
      await this.jobs.sendInTransaction(tx, WEBHOOK_QUEUE, { tenantId, eventIds: deliveries.map((d) => d.id) } satisfies WebhookJob, { startAfter: RECOVERY_AFTER_SECONDS });
    });
    for (const w of group) w.resolve();
    this.processor.accept(tenantId, deliveries);
  }
}
