import { Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { JobQueue } from '../../platform/jobs/job-queue.js';
import { SecretUnreadableError } from '../../platform/secrets/secret-box.js';
import { CloudWebhookProcessor, WEBHOOK_QUEUE, type WebhookJob } from './cloud-webhook-processor.js';
import { WhatsAppCloudRepository } from './whatsapp-cloud.repository.js';
import { WhatsAppCloudService, type CloudCredentials } from './whatsapp-cloud.service.js';

/** Equal texts, compared in a time that says nothing about where they differ (nor their lengths). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret, as Meta signs (X-Hub-Signature-256). */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest('hex');
  return sameSecret(header.slice('sha256='.length).toLowerCase(), expected);
}

/**
 * Meta's webhooks for one phone number: the subscription check, and deliveries, which are checked
 * against the company's app secret, stored with their processing job in one transaction, and only
 * then answered (Meta retries anything but a 200); processing follows off the request.
 */
@Injectable()
export class CloudWebhooksService {
  private readonly logger = new Logger('WhatsAppCloud');

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppCloudRepository,
    private readonly cloud: WhatsAppCloudService,
    private readonly jobs: JobQueue,
    private readonly processor: CloudWebhookProcessor,
  ) {}

  /** The challenge to echo when the verify token is this number's, else null (403). */
  async verify(phoneNumberId: string, mode: string | undefined, token: string | undefined, challenge: string | undefined): Promise<string | null> {
    if (mode !== 'subscribe' || token === undefined || challenge === undefined) return null;
    const credentials = await this.credentialsOf(phoneNumberId);
    return credentials && sameSecret(token, credentials.verifyToken) ? challenge : null;
  }

  /** Stores a signed delivery and queues its processing; an unsigned or wrongly signed one is refused and leaves no trace. */
  async receive(phoneNumberId: string, rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    const credentials = await this.credentialsOf(phoneNumberId);
    if (!credentials || !rawBody || !validSignature(rawBody, signature, credentials.appSecret)) {
      throw ApiError.unauthorized('The webhook signature (X-Hub-Signature-256) is missing or wrong.');
    }
    const tenantId = credentials.tenantId;
    await this.db.tenant(tenantId, async (tx) => {
      const event = await this.repo.insertWebhookEvent(tx, tenantId, phoneNumberId, rawBody.toString('utf8'));
      await this.jobs.sendInTransaction(tx, WEBHOOK_QUEUE, { tenantId, eventId: event.id } satisfies WebhookJob);
    });
    this.processor.wake();
  }

  /** The number's company (the one read made before the company is known), then its secrets as that company. */
  private async credentialsOf(phoneNumberId: string): Promise<CloudCredentials | undefined> {
    if (!/^\d{1,30}$/.test(phoneNumberId)) return undefined;
    const tenantId = await this.db.platform((tx) => this.repo.tenantOfPhoneNumber(tx, phoneNumberId));
    if (!tenantId) return undefined;
    try {
      return await this.cloud.credentials(tenantId);
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err;
      // nothing can be checked: refused like a bad signature, and said loudly (the admin must enter the secrets again)
      this.logger.error(`the Cloud API secrets of ${tenantId} cannot be decrypted (SECRETS_KEY changed?): webhooks refused`);
      return undefined;
    }
  }
}
