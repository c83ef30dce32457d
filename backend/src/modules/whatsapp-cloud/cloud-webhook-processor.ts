import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { InboundWhatsAppMessage } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { failureOfMeta } from './cloud-errors.js';
import { ACK_OF_STATUS, readWebhook, type CloudInbound } from './cloud-webhook-payload.js';
import { CloudMediaDownloads, type MediaDownloadJob } from './cloud-media-downloads.js';
import { WhatsAppCloudRepository } from './whatsapp-cloud.repository.js';
import { WhatsAppCloudService, type CloudCredentials } from './whatsapp-cloud.service.js';

export const WEBHOOK_QUEUE = 'whatsapp-cloud-webhook';
export type WebhookJob = { tenantId: string; eventId: string };

/** How long a processed delivery is kept (to look into what Meta sent), and how often a company's old ones are cleared. */
const KEEP_DELIVERIES_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** Deliveries one worker takes at once. */
const WEBHOOK_BATCH = 50;

/**
 * Processes stored webhook deliveries (the `whatsapp-cloud-webhook` queue): their messages become
 * inbound messages and their statuses the marks of our messages, through the same sink as the QR
 * drivers' events. Meta redelivers, and a job may run twice after a crash: messages are stored once
 * per (company, id) and marks never go backwards, so doing it again changes nothing.
 */
@Injectable()
export class CloudWebhookProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger('WhatsAppCloud');
  private workerId?: string;
  private readonly prunedAt = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppCloudRepository,
    private readonly cloud: WhatsAppCloudService,
    private readonly sessions: WhatsAppSessionsService,
    private readonly media: CloudMediaDownloads,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap() {
    // only a database failure throws (a bad payload is recorded as failed): retried with backoff
    await this.jobs.createQueue(WEBHOOK_QUEUE, { retryLimit: 20, retryDelay: 2, retryBackoff: true, expireInSeconds: 10 * 60 });
    // Meta delivers in bursts (a campaign's replies, a busy hour): deliveries are taken a batch at a time
    this.workerId = await this.jobs.workBatch<WebhookJob>(WEBHOOK_QUEUE, { pollingIntervalSeconds: 1, batchSize: WEBHOOK_BATCH, localConcurrency: 2 }, (jobs) =>
      this.processBatch(jobs.map((j) => j.data)),
    );
  }

  /** A delivery was stored: start on it now rather than at the next poll. */
  wake() {
    if (this.workerId) this.jobs.notifyWorker(this.workerId);
  }

  /** Every delivery of a batch, side by side; the first failure fails the batch (the rest are then skipped as processed on its retry). */
  async processBatch(jobs: WebhookJob[]): Promise<void> {
    const failures = (await Promise.allSettled(jobs.map((job) => this.process(job.tenantId, job.eventId)))).filter((r) => r.status === 'rejected');
    if (failures.length) throw failures[0].reason;
  }

  async process(tenantId: string, eventId: string): Promise<void> {
    const event = await this.db.tenant(tenantId, (tx) => this.repo.findWebhookEvent(tx, tenantId, eventId));
    if (!event || event.status !== 'received') return;
    let payload: unknown;
    try {
      payload = JSON.parse(event.body);
    } catch {
      return this.finish(tenantId, eventId, 'failed', 'the body is not JSON');
    }
    const batch = readWebhook(payload);
    const credentials = await this.cloud.credentials(tenantId);
    // a change for another number (Meta sends a business account's numbers to one app) is not this company's
    if (!credentials || batch.phoneNumberIds.some((id) => id !== event.phoneNumberId)) {
      return this.finish(tenantId, eventId, 'failed', 'the delivery names another phone number');
    }
    const sink = this.sessions.eventSink;
    const retries: MediaDownloadJob[] = [];
    await Promise.all(
      batch.messages.map(async (message) => {
        const inbound = await this.toInbound(credentials, message);
        await sink.inbound(tenantId, inbound);
        if (message.media && !inbound.media) retries.push({ tenantId, waMessageId: message.id, mediaId: message.media.id, mime: message.media.mime, fileName: message.media.fileName });
      }),
    );
    for (const status of batch.statuses) {
      if (status.status === 'failed') await sink.failed(tenantId, status.id, failureOfMeta(status.error?.code, status.error?.title));
      else await sink.ack(tenantId, status.id, ACK_OF_STATUS[status.status]);
    }
    await this.finish(tenantId, eventId, 'processed', null, retries);
  }

  private async toInbound(credentials: CloudCredentials, message: CloudInbound): Promise<InboundWhatsAppMessage> {
    const chatId = `${message.waId}@c.us`;
    const base = { id: message.id, from: chatId, phoneId: chatId, profileName: message.profileName, body: message.body, button: message.button, timestamp: message.timestamp };
    if (!message.media) return { ...base, type: message.type };
    try {
      return { ...base, type: message.type, media: await this.media.fetch(credentials, message.media.id, message.media.mime, message.media.fileName) };
    } catch (err) {
      // stored now without its file ("Media not available"), with its caption; a job fetches the file later
      this.logger.warn(`media ${message.media.id} of ${credentials.tenantId} could not be fetched: ${(err as Error).message}`);
      return { ...base, type: message.type };
    }
  }

  private async finish(tenantId: string, eventId: string, status: 'processed' | 'failed', error: string | null, mediaRetries: MediaDownloadJob[] = []) {
    if (status === 'failed') this.logger.warn(`webhook delivery ${eventId} of ${tenantId} not processed: ${error}`);
    const now = this.clock.now();
    const prune = now.getTime() - (this.prunedAt.get(tenantId) ?? 0) >= PRUNE_EVERY_MS;
    if (prune) this.prunedAt.set(tenantId, now.getTime());
    await this.db.tenant(tenantId, async (tx) => {
      await this.repo.finishWebhookEvent(tx, tenantId, eventId, { status, error, at: now });
      // with the outcome: a crash before this commit processes the delivery again, and tries its media again
      await this.media.enqueue(tx, mediaRetries);
      if (prune) await this.repo.pruneWebhookEvents(tx, tenantId, new Date(now.getTime() - KEEP_DELIVERIES_MS));
    });
  }
}
