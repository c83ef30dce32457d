import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { shippingCompanies, shippingGovernorateFees, type ShippingCompanyRow, type ShippingFeeRow } from './shipping.table.js';

export type NewShippingCompany = Omit<typeof shippingCompanies.$inferInsert, 'id'> & { id?: string };
export type ShippingPatch = Partial<Pick<NewShippingCompany, 'name' | 'contactPerson' | 'phone' | 'trackingUrl' | 'updatedAt'>>;

@Injectable()
export class ShippingRepository {
  async list(tx: TenantTx, tenantId: string): Promise<ShippingCompanyRow[]> {
    return tx.select().from(shippingCompanies).where(eq(shippingCompanies.tenantId, tenantId)).orderBy(asc(shippingCompanies.name), asc(shippingCompanies.id));
  }

  async findById(tx: TenantTx, tenantId: string, id: string): Promise<ShippingCompanyRow | undefined> {
    const [row] = await tx
      .select()
      .from(shippingCompanies)
      .where(and(eq(shippingCompanies.tenantId, tenantId), eq(shippingCompanies.id, id)))
      .limit(1);
    return row;
  }

  async fees(tx: TenantTx, tenantId: string, companyIds: string[]): Promise<ShippingFeeRow[]> {
    if (!companyIds.length) return [];
    return tx
      .select()
      .from(shippingGovernorateFees)
      .where(and(eq(shippingGovernorateFees.tenantId, tenantId), inArray(shippingGovernorateFees.shippingCompanyId, companyIds)))
      .orderBy(asc(shippingGovernorateFees.governorate));
  }

  async insert(tx: TenantTx, row: NewShippingCompany): Promise<ShippingCompanyRow> {
    const [created] = await tx.insert(shippingCompanies).values(row).returning();
    return created;
  }

  async insertMany(tx: TenantTx | PlatformTx, rows: NewShippingCompany[]): Promise<ShippingCompanyRow[]> {
    if (!rows.length) return [];
    return tx.insert(shippingCompanies).values(rows).returning();
  }

  async update(tx: TenantTx, tenantId: string, id: string, patch: ShippingPatch): Promise<ShippingCompanyRow | undefined> {
    const [row] = await tx
      .update(shippingCompanies)
      .set(patch)
      .where(and(eq(shippingCompanies.tenantId, tenantId), eq(shippingCompanies.id, id)))
      .returning();
    return row;
  }

  async delete(tx: TenantTx, tenantId: string, id: string): Promise<boolean> {
    const rows = await tx
      .delete(shippingCompanies)
      .where(and(eq(shippingCompanies.tenantId, tenantId), eq(shippingCompanies.id, id)))
      .returning({ id: shippingCompanies.id });
    return rows.length > 0;
  }

  async replaceFees(tx: TenantTx | PlatformTx, tenantId: string, companyId: string, fees: { governorate: string; fee: number }[]): Promise<void> {
    await tx.delete(shippingGovernorateFees).where(and(eq(shippingGovernorateFees.tenantId, tenantId), eq(shippingGovernorateFees.shippingCompanyId, companyId)));
    if (fees.length) await tx.insert(shippingGovernorateFees).values(fees.map((f) => ({ tenantId, shippingCompanyId: companyId, governorate: f.governorate, fee: f.fee })));
  }
}
