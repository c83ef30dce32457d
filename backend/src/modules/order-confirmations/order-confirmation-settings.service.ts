import { Injectable } from '@nestjs/common';
import { DEFAULT_ORDER_CONFIRMATION_SETTINGS, type OrderConfirmationSettings, type OrderConfirmationSettingsInput } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { OrderConfirmationsRepository } from './order-confirmations.repository.js';

/** The company's cash-on-delivery confirmation settings (admins); never saved = the defaults, off. */
@Injectable()
export class OrderConfirmationSettingsService {
  constructor(
    private readonly db: Database,
    private readonly repo: OrderConfirmationsRepository,
    private readonly clock: Clock,
  ) {}

  get(actor: TenantActor): Promise<OrderConfirmationSettings> {
    return this.db.tenant(actor.tenantId, (tx) => this.current(tx, actor.tenantId));
  }

  async update(actor: TenantActor, input: OrderConfirmationSettingsInput): Promise<OrderConfirmationSettings> {
    await this.db.tenant(actor.tenantId, (tx) => this.repo.saveSettings(tx, actor.tenantId, input, this.clock.now()));
    return this.get(actor);
  }

  async current(tx: TenantTx, tenantId: string): Promise<OrderConfirmationSettings> {
    return { ...DEFAULT_ORDER_CONFIRMATION_SETTINGS, ...(await this.repo.settings(tx, tenantId)) };
  }
}
