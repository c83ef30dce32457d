import { Inject, Injectable } from '@nestjs/common';
import { WHATSAPP_REASON_TEXTS, type WhatsAppCloudConnection, type WhatsAppCloudSettingsRequest, type WhatsAppCloudState, type WhatsAppReasonCode } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { ApiError } from '../../platform/http/api-error.js';
import { SecretBox, SecretUnreadableError } from '../../platform/secrets/secret-box.js';
import { WHATSAPP_CLOUD_OPTIONS, type WhatsAppCloudOptions } from './cloud-options.js';
import { GRAPH_ACCOUNT_LOCKED, GRAPH_TOKEN_INVALID, GraphApi, GraphApiError } from './graph-api.js';
import { CloudCredentialsCache, type CloudCredentials } from './cloud-credentials-cache.js';
import { WhatsAppCloudRepository } from './whatsapp-cloud.repository.js';
import type { WhatsappCloudConnectionRow } from './whatsapp-cloud.table.js';
import { WhatsAppSessionsService } from '../whatsapp/whatsapp-sessions.service.js';

export type CloudSecret = 'accessToken' | 'appSecret' | 'verifyToken';

export type { CloudCredentials } from './cloud-credentials-cache.js';

/** What a Graph API refusal means for the connection: Meta's token and lock errors are the admin's to fix. */
export function reasonOfGraphError(err: GraphApiError): { reasonCode: WhatsAppReasonCode; reason: string } {
  const code: WhatsAppReasonCode = err.code === GRAPH_TOKEN_INVALID ? 'token_invalid' : err.code === GRAPH_ACCOUNT_LOCKED ? 'account_locked' : 'start_failed';
  return { reasonCode: code, reason: `${WHATSAPP_REASON_TEXTS[code]} (${err.message})` };
}

/** `…` and the last 4 characters: enough to tell which token is stored, not enough to use it. */
const hint = (value: string | null) => (value === null ? null : `…${value.slice(-4)}`);

/**
 * A company's connection to Meta's WhatsApp Cloud API: its settings (admins only; the secrets sealed
 * at rest and never answered), the webhook URL to give Meta, and "Test connection".
 */
@Injectable()
export class WhatsAppCloudService {
  private readonly reading = new Map<string, Promise<CloudCredentials | undefined>>();

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppCloudRepository,
    private readonly box: SecretBox,
    private readonly graph: GraphApi,
    private readonly clock: Clock,
    private readonly sessions: WhatsAppSessionsService,
    private readonly cache: CloudCredentialsCache,
    @Inject(WHATSAPP_CLOUD_OPTIONS) private readonly options: WhatsAppCloudOptions,
  ) {}

  async get(actor: TenantActor, requestOrigin: string): Promise<WhatsAppCloudConnection> {
    const row = await this.db.tenant(actor.tenantId, (tx) => this.repo.find(tx, actor.tenantId));
    if (!row) throw notConfigured();
    return this.toDto(row, requestOrigin);
  }

  async save(actor: TenantActor, body: WhatsAppCloudSettingsRequest, requestOrigin: string): Promise<WhatsAppCloudConnection> {
    const tenantId = actor.tenantId;
    const seal = (field: CloudSecret) => this.box.seal(body[field], sealContext(tenantId, field));
    try {
      const row = await this.db.tenant(tenantId, (tx) =>
        this.repo.save(tx, tenantId, {
          phoneNumberId: body.phoneNumberId,
          businessAccountId: body.businessAccountId,
          accessTokenSealed: seal('accessToken'),
          appSecretSealed: seal('appSecret'),
          verifyTokenSealed: seal('verifyToken'),
        }),
      );
      await this.cache.changed(tenantId);
      // the company now runs on the official API: its session (re)starts with these credentials
      await this.sessions.useConnection(tenantId, 'cloud');
      return this.toDto(row, requestOrigin);
    } catch (err) {
      if (isUniqueViolation(err, 'whatsapp_cloud_connections_phone_number_unique')) {
        throw ApiError.conflict('This WhatsApp phone number ID is already connected to another company.', 'phoneNumberId').withCode('whatsapp.cloud_number_taken');
      }
      throw err;
    }
  }

  async remove(actor: TenantActor): Promise<{ deleted: boolean }> {
    const deleted = await this.db.tenant(actor.tenantId, (tx) => this.repo.remove(tx, actor.tenantId));
    if (!deleted) throw notConfigured();
    await this.cache.changed(actor.tenantId);
    // back to linking a phone by QR: the Cloud API session stops
    await this.sessions.useConnection(actor.tenantId, 'qr');
    return { deleted };
  }

  /** "Test connection": asks Meta for the phone number with the stored token and records what it answered. */
  async test(actor: TenantActor, requestOrigin: string): Promise<WhatsAppCloudConnection> {
    let state: { state: WhatsAppCloudState; reasonCode: string | null; reason: string | null; displayPhoneNumber?: string | null; verifiedName?: string | null };
    try {
      const credentials = await this.credentials(actor.tenantId);
      if (!credentials) throw notConfigured();
      const info = await this.graph.phoneNumber(credentials.phoneNumberId, credentials.accessToken);
      state = { state: 'connected', reasonCode: null, reason: null, displayPhoneNumber: info.display_phone_number ?? null, verifiedName: info.verified_name ?? null };
    } catch (err) {
      if (err instanceof SecretUnreadableError) state = { state: 'needs_attention', reasonCode: 'start_failed', reason: `${WHATSAPP_REASON_TEXTS.start_failed} ${UNREADABLE}` };
      else if (err instanceof GraphApiError) state = { state: 'needs_attention', ...reasonOfGraphError(err) };
      else throw err;
    }
    const row = await this.db.tenant(actor.tenantId, (tx) => this.repo.setState(tx, actor.tenantId, { ...state, lastTestedAt: this.clock.now() }));
    if (!row) throw notConfigured();
    return this.toDto(row, requestOrigin);
  }

  /** The company's connection with its secrets opened (webhooks, sending); undefined when there is none. */
  async credentials(tenantId: string): Promise<CloudCredentials | undefined> {
    const row = await this.db.tenant(tenantId, (tx) => this.repo.find(tx, tenantId));
    let credentials: CloudCredentials | undefined;
    try {
      credentials = row && {
        tenantId,
        phoneNumberId: row.phoneNumberId,
        businessAccountId: row.businessAccountId,
        accessToken: this.box.open(row.accessTokenSealed, sealContext(tenantId, 'accessToken')),
        appSecret: this.box.open(row.appSecretSealed, sealContext(tenantId, 'appSecret')),
        verifyToken: this.box.open(row.verifyTokenSealed, sealContext(tenantId, 'verifyToken')),
      };
    } finally {
      // what was just read replaces what the webhooks had kept, a failure to open included
      if (credentials) this.cache.put(credentials);
      else this.cache.forget(tenantId);
    }
    return credentials;
  }

  /** As `credentials`, from memory when read in the last seconds (webhooks: CloudCredentialsCache). */
  async recentCredentials(tenantId: string): Promise<CloudCredentials | undefined> {
    return this.cache.ofTenant(tenantId) ?? (await this.once(`t:${tenantId}`, () => this.credentials(tenantId)));
  }

  /** The credentials of the company a phone number ID is connected to, from memory when read in the last seconds. */
  async recentCredentialsOfNumber(phoneNumberId: string): Promise<CloudCredentials | undefined> {
    const cached = this.cache.ofNumber(phoneNumberId);
    if (cached) return cached;
    return this.once(`n:${phoneNumberId}`, async () => {
      const tenantId = await this.db.platform((tx) => this.repo.tenantOfPhoneNumber(tx, phoneNumberId));
      return tenantId ? await this.credentials(tenantId) : undefined;
    });
  }

  /** One read for all who miss together: when the copy expires in a burst, thousands of deliveries would each read it again. */
  private once(key: string, read: () => Promise<CloudCredentials | undefined>): Promise<CloudCredentials | undefined> {
    let pending = this.reading.get(key);
    if (!pending) {
      pending = read().finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  webhookUrl(phoneNumberId: string, requestOrigin: string) {
    return `${this.options.publicUrl ?? requestOrigin}/api/webhooks/whatsapp/${phoneNumberId}`;
  }

  private toDto(row: WhatsappCloudConnectionRow, requestOrigin: string): WhatsAppCloudConnection {
    const opened = (sealed: string, field: CloudSecret) => {
      try {
        return this.box.open(sealed, sealContext(row.tenantId, field));
      } catch (err) {
        if (err instanceof SecretUnreadableError) return null;
        throw err;
      }
    };
    return {
      phoneNumberId: row.phoneNumberId,
      businessAccountId: row.businessAccountId,
      accessTokenHint: hint(opened(row.accessTokenSealed, 'accessToken')),
      appSecretHint: hint(opened(row.appSecretSealed, 'appSecret')),
      verifyTokenHint: hint(opened(row.verifyTokenSealed, 'verifyToken')),
      webhookUrl: this.webhookUrl(row.phoneNumberId, requestOrigin),
      state: row.state as WhatsAppCloudState,
      reasonCode: row.reasonCode,
      reason: row.reason,
      displayPhoneNumber: row.displayPhoneNumber,
      verifiedName: row.verifiedName,
      lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

const UNREADABLE = "The stored secrets cannot be decrypted (the server's SECRETS_KEY changed): enter them again.";

/** A sealed secret opens only for its company and field. */
const sealContext = (tenantId: string, field: CloudSecret) => `whatsapp-cloud:${tenantId}:${field}`;

const notConfigured = () => ApiError.notFound('The official WhatsApp API is not set up for this company.').withCode('whatsapp.cloud_not_configured');
