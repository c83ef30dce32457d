import { subscriptionRemaining, type Tenant } from '@crm/common';
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
