import type { ShippingCompany } from '@crm/common';
import type { ShippingCompanyRow } from './shipping.table.js';

export function toShippingCompanyDto(row: ShippingCompanyRow): ShippingCompany {
  return {
    _id: row.id,
    name: row.name,
    contactPerson: row.contactPerson,
    phone: row.phone,
    trackingURL: row.trackingUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
