import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DatabaseSignals } from '../../platform/db/database-signals.js';

/** A company's Cloud API connection with its secrets opened. */
export type CloudCredentials = { tenantId: string; phoneNumberId: string; businessAccountId: string; accessToken: string; appSecret: string; verifyToken: string };

/** Every instance's copies of a company's Cloud API secrets are dropped when one instance changes them. */
const CHANNEL = 'whatsapp_cloud_credentials';

/**
 * How long an opened connection is reused. The backstop behind the signal (a drop missed while an
 * instance's listening connection was down): a replaced app secret is refused elsewhere after this at worst.
 */
const TTL_MS = 30_000;

type Entry = { value: CloudCredentials; expires: number };

/**
 * The opened connections of the companies whose webhooks this instance receives, by phone number
 * ID and by company. A delivery then costs no database read before its signature is checked: at
 * Meta's bursts (thousands a second) the two reads it made before were most of the receive path's
 * transactions. Saving, removing or failing to open a company's secrets drops its entries on every
 * instance (DatabaseSignals); only successful reads are kept, so a number connected a moment ago is
 * never refused from an old miss.
 */
@Injectable()
export class CloudCredentialsCache implements OnApplicationBootstrap {
  private readonly logger = new Logger('WhatsAppCloud');
  private readonly byNumber = new Map<string, Entry>();
  private readonly byTenant = new Map<string, Entry>();

  constructor(private readonly signals: DatabaseSignals) {}

  async onApplicationBootstrap() {
    await this.signals.listen(
      CHANNEL,
      (tenantId) => this.forget(tenantId),
      // signals sent while this instance was not listening are lost: start afresh
      () => this.clear(),
    );
  }

  ofNumber(phoneNumberId: string): CloudCredentials | undefined {
    return this.fresh(this.byNumber, phoneNumberId);
  }

  ofTenant(tenantId: string): CloudCredentials | undefined {
    return this.fresh(this.byTenant, tenantId);
  }

  put(value: CloudCredentials) {
    const entry = { value, expires: Date.now() + TTL_MS };
    // the company's previous number (it changed its settings) is not its own any more
    const previous = this.byTenant.get(value.tenantId);
    if (previous && previous.value.phoneNumberId !== value.phoneNumberId) this.byNumber.delete(previous.value.phoneNumberId);
    this.byNumber.set(value.phoneNumberId, entry);
    this.byTenant.set(value.tenantId, entry);
  }

  /** Drops the company's entries here and, once `changed` resolves, on the other instances. */
  async changed(tenantId: string): Promise<void> {
    this.forget(tenantId);
    await this.signals.notify(CHANNEL, tenantId).catch((err) => this.logger.warn(`could not tell the other instances that ${tenantId}'s Cloud API settings changed: ${err}`));
  }

  forget(tenantId: string) {
    const entry = this.byTenant.get(tenantId);
    this.byTenant.delete(tenantId);
    if (entry && this.byNumber.get(entry.value.phoneNumberId) === entry) this.byNumber.delete(entry.value.phoneNumberId);
  }

  clear() {
    this.byNumber.clear();
    this.byTenant.clear();
  }

  private fresh(map: Map<string, Entry>, key: string): CloudCredentials | undefined {
    const entry = map.get(key);
    if (!entry) return undefined;
    if (entry.expires > Date.now()) return entry.value;
    map.delete(key);
    return undefined;
  }
}
