import type { ShippingCompany } from '@crm/common';
import type { ShippingCompanyRow, ShippingFeeRow } from './shipping.table.js';

export function toShippingCompanyDto(row: ShippingCompanyRow, fees: ShippingFeeRow[] = []): ShippingCompany {
  return {
    _id: row.id,
    name: row.name,
    contactPerson: row.contactPerson,
    phone: row.phone,
    trackingURL: row.trackingUrl,
    governorateFees: fees.filter((f) => f.shippingCompanyId === row.id).map((f) => ({ governorate: f.governorate, fee: f.fee })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
