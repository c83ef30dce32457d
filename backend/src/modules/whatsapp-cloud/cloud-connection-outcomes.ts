import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import { MessengerEvents } from '../whatsapp/messenger-events.js';
import { WhatsAppCloudRepository, type ConnectionState } from './whatsapp-cloud.repository.js';

/**
 * What the running session learnt from Meta, kept on the company's Cloud API settings: a session
 * that connected asked Meta the same question "Test connection" asks (`GET /{phone number id}`), so
 * the settings read "connected" (no longer "not tested yet"); Meta refusing the token or account
 * later (a send, the watchdog's ping) reads `needs_attention` with its reason, also after a restart.
 * Only companies with settings have a row: a QR company's events change nothing.
 */
@Injectable()
export class CloudConnectionOutcomes implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('WhatsAppCloud');
  private readonly offs: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly repo: WhatsAppCloudRepository,
    private readonly events: MessengerEvents,
    private readonly clock: Clock,
  ) {}

  onModuleInit() {
    this.offs.push(
      this.events.on('whatsapp.connected', ({ tenantId }) => this.record(tenantId, { state: 'connected', reasonCode: null, reason: null, lastTestedAt: this.clock.now() })),
      this.events.on('whatsapp.needs_attention', ({ tenantId, reasonCode, reason }) => this.record(tenantId, { state: 'needs_attention', reasonCode, reason, lastTestedAt: this.clock.now() })),
    );
  }

  onModuleDestroy() {
    for (const off of this.offs) off();
  }

  private async record(tenantId: string, state: ConnectionState) {
    await this.db.tenant(tenantId, (tx) => this.repo.setState(tx, tenantId, state)).catch((err) => this.logger.error(`recording the Cloud API state of ${tenantId} failed: ${err}`));
  }
}
