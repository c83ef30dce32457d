import { Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import type { PlatformTx, TenantTx } from '../../platform/db/database.types.js';
import { shippingCompanies, type ShippingCompanyRow } from './shipping.table.js';

export type NewShippingCompany = Omit<typeof shippingCompanies.$inferInsert, 'id'> & { id?: string };

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

  async insertMany(tx: TenantTx | PlatformTx, rows: NewShippingCompany[]): Promise<ShippingCompanyRow[]> {
    if (!rows.length) return [];
    return tx.insert(shippingCompanies).values(rows).returning();
  }
}
