import { subscriptionRemaining, type Tenant, type TenantWithStats } from '@crm/common';
import type { TenantRow } from './tenants.table.js';

export function toTenantDto(row: TenantRow): Tenant {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    subscription: {
      type: row.subscriptionType as Tenant['subscription']['type'],
      status: row.subscriptionStatus as Tenant['subscription']['status'],
      expiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
      price: row.subscriptionPrice,
      paidAmount: row.subscriptionPaid,
      remainingAmount: subscriptionRemaining(row.subscriptionPrice, row.subscriptionPaid),
    },
  };
}

export function toTenantWithStatsDto(row: { tenant: TenantRow; adminCount: number; salesCount: number; waCount: number }): TenantWithStats {
  return { ...toTenantDto(row.tenant), stats: { adminCount: row.adminCount, salesCount: row.salesCount, waCount: row.waCount } };
}

/** What the audit log keeps of a subscription (before/after a change). */
export function subscriptionAuditValues(row: TenantRow) {
  return {
    type: row.subscriptionType,
    status: row.subscriptionStatus,
    expiresAt: row.subscriptionExpiresAt?.toISOString() ?? null,
    price: row.subscriptionPrice,
    paidAmount: row.subscriptionPaid,
  };
}
