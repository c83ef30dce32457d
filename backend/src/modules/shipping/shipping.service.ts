import { Injectable } from '@nestjs/common';
import type { ShippingCompanyList } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.service.js';
import { toShippingCompanyDto } from './shipping.mapper.js';
import { ShippingRepository } from './shipping.repository.js';

@Injectable()
export class ShippingService {
  constructor(
    private readonly db: Database,
    private readonly shipping: ShippingRepository,
  ) {}

  /** The company's couriers by name; every role reads them (the deal editor's company picker). */
  async list(actor: TenantActor): Promise<ShippingCompanyList> {
    const rows = await this.db.tenant(actor.tenantId, (tx) => this.shipping.list(tx, actor.tenantId));
    return { items: rows.map(toShippingCompanyDto), total: rows.length };
  }
}
