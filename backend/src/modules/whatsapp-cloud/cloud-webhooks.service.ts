import { Injectable, Logger } from '@nestjs/common';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../platform/http/api-error.js';
import { SecretUnreadableError } from '../../platform/secrets/secret-box.js';
import { CloudWebhookIntake } from './cloud-webhook-intake.js';
import { WhatsAppCloudService, type CloudCredentials } from './whatsapp-cloud.service.js';

/** A phone number id as Meta gives them; any other never names a connection. */
export const PHONE_NUMBER_ID = /^\d{1,30}$/;

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
 * against the company's app secret (kept in memory for a few seconds: CloudCredentialsCache), stored
 * with their recovery job (CloudWebhookIntake, in groups), and only then answered (Meta retries
 * anything but a 200); processing follows off the request.
 */
@Injectable()
export class CloudWebhooksService {
  private readonly logger = new Logger('WhatsAppCloud');

  constructor(
    private readonly cloud: WhatsAppCloudService,
    private readonly intake: CloudWebhookIntake,
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
    await this.intake.store(credentials.tenantId, phoneNumberId, rawBody.toString('utf8'));
  }

  /** The number's company (the one read made before the company is known), then its secrets as that company. */
  private async credentialsOf(phoneNumberId: string): Promise<CloudCredentials | undefined> {
    if (!PHONE_NUMBER_ID.test(phoneNumberId)) return undefined;
    try {
      return await this.cloud.recentCredentialsOfNumber(phoneNumberId);
    } catch (err) {
      if (!(err instanceof SecretUnreadableError)) throw err;
      // nothing can be checked: refused like a bad signature, and said loudly (the admin must enter the secrets again)
      this.logger.error(`the Cloud API secrets of phone number ${phoneNumberId} cannot be decrypted (SECRETS_KEY changed?): webhooks refused`);
      return undefined;
    }
  }
}
