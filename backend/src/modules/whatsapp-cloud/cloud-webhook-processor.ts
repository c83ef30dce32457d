import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { USER_ID_SUFFIX, type InboundWhatsAppMessage } from '../whatsapp/whatsapp-driver.js';
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
/** Deliveries stored together (`eventId`: one, as queued before deliveries were stored in groups). */
export type WebhookJob = { tenantId: string; eventIds?: string[]; eventId?: string };
/** A delivery as stored: what processing needs of it. */
export type StoredDelivery = { id: string; phoneNumberId: string; body: string };

/** How long a processed delivery is kept (to look into what Meta sent), and how often a company's old ones are cleared. */
const KEEP_DELIVERIES_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

/** Recovery jobs one worker takes at once. */
const WEBHOOK_BATCH = 20;

/**
 * When the job stored with a group of deliveries comes due: the instance that stored them
 * processes them at once, in memory; the job is for when it could not (it stopped, its database
 * calls failed, too much was in flight), and finds nothing left to do otherwise.
 */
export const RECOVERY_AFTER_SECONDS = 15;

/** Deliveries waiting or being processed in memory; beyond, they wait for their recovery job. */
const MAX_IN_FLIGHT = 20_000;
/** Processing passes at once; each takes every delivery of a company waiting then, up to PASS_MAX. */
const PASSES_IN_FLIGHT = 2;
const PASS_MAX = 1_000;

/**
 * Processes stored webhook deliveries: their messages become inbound messages and their statuses
 * the marks of our messages, through the same sink as the QR drivers' events. A group of
 * deliveries is processed right after it was stored (`accept`), and again by its recovery job (the
 * `whatsapp-cloud-webhook` queue) if it is still waiting then. Meta redelivers, and a delivery may
 * be processed twice (a crash, a recovery job meeting a slow first pass): messages are stored once
 * per (company, id) and marks never go backwards, so doing it again changes nothing.
 */
@Injectable()
export class CloudWebhookProcessor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WhatsAppCloud');
  private readonly prunedAt = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Stored deliveries waiting for a pass, per company (in the order their companies came). */
  private readonly waiting = new Map<string, StoredDelivery[]>();
  private inFlightDeliveries = 0;

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
    await this.jobs.workBatch<WebhookJob>(WEBHOOK_QUEUE, { pollingIntervalSeconds: 1, batchSize: WEBHOOK_BATCH }, (jobs) => this.recover(jobs.map((j) => j.data)));
  }

  async beforeApplicationShutdown() {
    // a few seconds for what is under way; the rest (waiting included) is the recovery jobs' (after the next start)
    this.waiting.clear();
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((r) => setTimeout(r, 5_000).unref())]);
  }

  /**
   * Deliveries just stored: processed soon, off the request; a failure leaves them to their
   * recovery job. A few passes run at once, each taking all that waits: every group accepted
   * started at once (thousands of deliveries side by side under a burst) left the event loop too
   * busy to accept connections and answer the next deliveries, and those answers matter first
   * (Meta retries what is not answered; what is stored is processed anyway).
   */
  accept(tenantId: string, deliveries: StoredDelivery[]) {
    if (this.inFlightDeliveries + deliveries.length > MAX_IN_FLIGHT) return;
    this.inFlightDeliveries += deliveries.length;
    const list = this.waiting.get(tenantId);
    if (list) list.push(...deliveries);
    else this.waiting.set(tenantId, [...deliveries]);
    this.pump();
  }

  private pump() {
    while (this.inFlight.size < PASSES_IN_FLIGHT && this.waiting.size) {
      const [tenantId, list] = this.waiting.entries().next().value!;
      const pass = list.splice(0, PASS_MAX);
      // to the back of the line: a company with more waiting does not hold the others up
      this.waiting.delete(tenantId);
      if (list.length) this.waiting.set(tenantId, list);
      const run: Promise<void> = this.processDeliveries(tenantId, pass)
        .catch((err) => this.logger.warn(`${pass.length} webhook deliveries of ${tenantId} left to their recovery job: ${err}`))
        .finally(() => {
          this.inFlightDeliveries -= pass.length;
          this.inFlight.delete(run);
          this.pump();
        });
      this.inFlight.add(run);
    }
  }

  /** The recovery jobs: whichever of their deliveries are still waiting. */
  async recover(jobs: WebhookJob[]): Promise<void> {
    const byTenant = new Map<string, string[]>();
    for (const job of jobs) {
      const ids = byTenant.get(job.tenantId) ?? [];
      ids.push(...(job.eventIds ?? (job.eventId ? [job.eventId] : [])));
      byTenant.set(job.tenantId, ids);
    }
    for (const [tenantId, ids] of byTenant) {
      const waiting = await this.db.tenant(tenantId, (tx) => this.repo.findReceivedWebhookEvents(tx, tenantId, ids));
      if (waiting.length) await this.processDeliveries(tenantId, waiting);
    }
  }

  /**
   * Every delivery of the group, side by side. Those that could not be processed (a database
   * failure) stay waiting and make this throw; the others are recorded processed or failed.
   */
  async processDeliveries(tenantId: string, deliveries: StoredDelivery[]): Promise<void> {
    const credentials = await this.cloud.recentCredentials(tenantId);
    const outcomes = await Promise.allSettled(deliveries.map((d) => this.processOne(credentials, tenantId, d)));
    const processed: string[] = [];
    const failed: { id: string; error: string }[] = [];
    const retries: MediaDownloadJob[] = [];
    let firstError: unknown;
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'rejected') firstError ??= outcome.reason;
      else if (outcome.value.error !== null) failed.push({ id: deliveries[i].id, error: outcome.value.error });
      else {
        processed.push(deliveries[i].id);
        retries.push(...outcome.value.retries);
      }
    });
    await this.finish(tenantId, processed, failed, retries);
    if (firstError !== undefined) throw firstError;
  }

  private async processOne(credentials: CloudCredentials | undefined, tenantId: string, delivery: StoredDelivery): Promise<{ error: string | null; retries: MediaDownloadJob[] }> {
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.body);
    } catch {
      return { error: 'the body is not JSON', retries: [] };
    }
    const batch = readWebhook(payload);
    // a change for another number (Meta sends a business account's numbers to one app) is not this company's
    if (!credentials || batch.phoneNumberIds.some((id) => id !== delivery.phoneNumberId)) return { error: 'the delivery names another phone number', retries: [] };
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
    return { error: null, retries };
  }

  private async toInbound(credentials: CloudCredentials, message: CloudInbound): Promise<InboundWhatsAppMessage> {
    // a user who hid their number is written to by their user id (the Cloud API driver sends `recipient`)
    const phoneId = message.waId ? `${message.waId}@c.us` : undefined;
    const from = phoneId ?? `${message.userId}${USER_ID_SUFFIX}`;
    const base = {
      id: message.id,
      from,
      phoneId,
      userId: message.userId,
      profileName: message.profileName,
      body: message.body,
      button: message.button,
      timestamp: message.timestamp,
      ...(message.systemEvent ? { systemEvent: message.systemEvent } : {}),
      ...(message.previous ? { previous: { phoneId: message.previous.waId ? `${message.previous.waId}@c.us` : undefined, userId: message.previous.userId } } : {}),
    };
    if (!message.media) return { ...base, type: message.type };
    try {
      return { ...base, type: message.type, media: await this.media.fetch(credentials, message.media.id, message.media.mime, message.media.fileName) };
    } catch (err) {
      // stored now without its file ("Media not available"), with its caption; a job fetches the file later
      this.logger.warn(`media ${message.media.id} of ${credentials.tenantId} could not be fetched: ${(err as Error).message}`);
      return { ...base, type: message.type };
    }
  }

  private async finish(tenantId: string, processed: string[], failed: { id: string; error: string }[], mediaRetries: MediaDownloadJob[]) {
    if (!processed.length && !failed.length) return;
    for (const f of failed) this.logger.warn(`webhook delivery ${f.id} of ${tenantId} not processed: ${f.error}`);
    const now = this.clock.now();
    const prune = now.getTime() - (this.prunedAt.get(tenantId) ?? 0) >= PRUNE_EVERY_MS;
    if (prune) this.prunedAt.set(tenantId, now.getTime());
    await this.db.tenant(tenantId, async (tx) => {
      await this.repo.finishWebhookEvents(tx, tenantId, processed, { status: 'processed', error: null, at: now });
      for (const f of failed) await this.repo.finishWebhookEvents(tx, tenantId, [f.id], { status: 'failed', error: f.error, at: now });
      // with the outcome: a crash before this commit processes the deliveries again, and tries their media again
      await this.media.enqueue(tx, mediaRetries);
      if (prune) await this.repo.pruneWebhookEvents(tx, tenantId, new Date(now.getTime() - KEEP_DELIVERIES_MS));
    });
  }
}
