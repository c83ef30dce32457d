import { Injectable } from '@nestjs/common';
import type { CreateShippingCompanyRequest, ShippingCompany, ShippingCompanyList, UpdateShippingCompanyRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { ApiError } from '../../platform/http/api-error.js';
import { toShippingCompanyDto } from './shipping.mapper.js';
import { ShippingRepository, type ShippingPatch } from './shipping.repository.js';

const notFound = () => ApiError.notFound('Shipping company not found.').withCode('shipping.not_found');

@Injectable()
export class ShippingService {
  constructor(
    private readonly db: Database,
    private readonly shipping: ShippingRepository,
    private readonly clock: Clock,
  ) {}

  /** The company's couriers by name, with their governorate fees; every role reads them (the deal editor). */
  async list(actor: TenantActor): Promise<ShippingCompanyList> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const rows = await this.shipping.list(tx, actor.tenantId);
      const fees = await this.shipping.fees(
        tx,
        actor.tenantId,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => toShippingCompanyDto(r, fees)), total: rows.length };
    });
  }

  async create(actor: TenantActor, input: CreateShippingCompanyRequest): Promise<ShippingCompany> {
    const now = this.clock.now();
    return this.db.tenant(actor.tenantId, async (tx) => {
      const row = await this.shipping.insert(tx, {
        tenantId: actor.tenantId,
        name: input.name,
        contactPerson: input.contactPerson ?? null,
        phone: input.phone ?? null,
        trackingUrl: input.trackingURL ?? null,
        createdAt: now,
        updatedAt: now,
      });
      if (input.governorateFees) await this.shipping.replaceFees(tx, actor.tenantId, row.id, input.governorateFees);
      return this.load(tx, actor, row.id);
    });
  }

  async update(actor: TenantActor, id: string, input: UpdateShippingCompanyRequest): Promise<ShippingCompany> {
    const now = this.clock.now();
    return this.db.tenant(actor.tenantId, async (tx) => {
      const patch: ShippingPatch = { updatedAt: now };
      if (input.name !== undefined) patch.name = input.name;
      if (input.contactPerson !== undefined) patch.contactPerson = input.contactPerson;
      if (input.phone !== undefined) patch.phone = input.phone;
      if (input.trackingURL !== undefined) patch.trackingUrl = input.trackingURL;
      if (!(await this.shipping.update(tx, actor.tenantId, id, patch))) throw notFound();
      if (input.governorateFees) await this.shipping.replaceFees(tx, actor.tenantId, id, input.governorateFees);
      return this.load(tx, actor, id);
    });
  }

  /** Deletes the company; its deals keep their shipping details without a company. */
  async remove(actor: TenantActor, id: string): Promise<{ message: string }> {
    const deleted = await this.db.tenant(actor.tenantId, (tx) => this.shipping.delete(tx, actor.tenantId, id));
    if (!deleted) throw notFound();
    return { message: 'Shipping company deleted.' };
  }

  private async load(tx: TenantTx, actor: TenantActor, id: string): Promise<ShippingCompany> {
    const row = await this.shipping.findById(tx, actor.tenantId, id);
    if (!row) throw notFound();
    return toShippingCompanyDto(row, await this.shipping.fees(tx, actor.tenantId, [id]));
  }
}
