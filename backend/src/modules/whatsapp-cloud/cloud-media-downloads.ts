import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { TenantTx } from '../../platform/db/database.types.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import type { InboundWhatsAppMessage } from '../whatsapp/whatsapp-driver.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';
import { WHATSAPP_CLOUD_OPTIONS, type WhatsAppCloudOptions } from './cloud-options.js';
import { GraphApi } from './graph-api.js';
import { WhatsAppCloudService, type CloudCredentials } from './whatsapp-cloud.service.js';

export const MEDIA_DOWNLOAD_QUEUE = 'whatsapp-cloud-media';
/** An inbound message's media to fetch again: Meta's media id stays valid for weeks, only its URL expires in minutes. */
export type MediaDownloadJob = { tenantId: string; waMessageId: string; mediaId: string; mime: string; fileName?: string };

/** Media bigger than this stays "not available" (Meta's own limit for documents is 100 MB). */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/**
 * Inbound media from Meta: `GET {graph}/{media id}` gives a short-lived URL, fetched with the same
 * bearer token. A failed download never costs the message: it is stored without its file (the chat
 * shows "Media not available") and a durable job (`whatsapp-cloud-media`, pg-boss, enqueued with the
 * delivery's outcome) tries again with growing waits; the file, once stored, reaches the open chats
 * as `msg:update`.
 */
@Injectable()
export class CloudMediaDownloads implements OnApplicationBootstrap {
  private readonly logger = new Logger('WhatsAppCloud');

  constructor(
    private readonly graph: GraphApi,
    private readonly cloud: WhatsAppCloudService,
    private readonly sessions: WhatsAppSessionsService,
    private readonly jobs: JobQueue,
    @Inject(WHATSAPP_CLOUD_OPTIONS) private readonly options: WhatsAppCloudOptions,
  ) {}

  async onApplicationBootstrap() {
    await this.jobs.createQueue(MEDIA_DOWNLOAD_QUEUE, {
      retryLimit: this.options.mediaRetries,
      retryDelay: this.options.mediaRetryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 6 * 3600,
      expireInSeconds: 10 * 60,
    });
    await this.jobs.work<MediaDownloadJob>(MEDIA_DOWNLOAD_QUEUE, { pollingIntervalSeconds: 2, localConcurrency: 2 }, (job) => this.retry(job.data, job.retryCount >= this.options.mediaRetries));
  }

  /** The media's file from Meta. */
  async fetch(credentials: CloudCredentials, mediaId: string, mime: string, fileName?: string): Promise<NonNullable<InboundWhatsAppMessage['media']>> {
    const info = await this.graph.media(mediaId, credentials.accessToken);
    const data = await this.graph.download(info.url, credentials.accessToken, MAX_MEDIA_BYTES);
    return { data, mime: info.mime_type || mime, fileName };
  }

  /** Enqueues the downloads to try again, in the transaction that records the delivery as processed. */
  async enqueue(tx: TenantTx, downloads: MediaDownloadJob[]): Promise<void> {
    // a second job for the same message (Meta redelivered it) finds the file stored and stops
    for (const job of downloads) await this.jobs.sendInTransaction(tx, MEDIA_DOWNLOAD_QUEUE, job);
  }

  /**
   * One more try; throwing makes pg-boss try again later (with back-off) until its retries are
   * spent. The last try that fails marks the message's file as never coming, instead of throwing:
   * its chat stops waiting for it and the admins are told.
   */
  async retry(job: MediaDownloadJob, last = false): Promise<void> {
    const credentials = await this.cloud.credentials(job.tenantId);
    // the company left the official API: nobody can fetch it any more
    if (!credentials) return;
    let media: NonNullable<InboundWhatsAppMessage['media']>;
    try {
      media = await this.fetch(credentials, job.mediaId, job.mime, job.fileName);
    } catch (err) {
      this.logger.warn(`media ${job.mediaId} of ${job.tenantId} still not fetched${last ? ', given up' : ''}: ${(err as Error).message}`);
      if (!last) throw err;
      await this.sessions.eventSink.mediaGaveUp(job.tenantId, job.waMessageId);
      return;
    }
    const outcome = await this.sessions.eventSink.mediaArrived(job.tenantId, job.waMessageId, media);
    if (outcome === 'missing') throw new Error(`message ${job.waMessageId} is not stored yet`);
  }
}
