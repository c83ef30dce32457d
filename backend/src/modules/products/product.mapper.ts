import { PIPELINE_STATUSES, stockLevel, type Product, type ProductBuyer } from '@crm/common';
import type { BuyerRow } from './products.repository.js';
import type { ProductRow } from './products.table.js';

export function toProductDto(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: row.price,
    stockQty: row.stockQty,
    minQty: row.minQty,
    notes: row.notes,
    stockLevel: stockLevel(row.stockQty, row.minQty),
    archived: row.archivedAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBuyerDto(row: BuyerRow): ProductBuyer {
  const status = PIPELINE_STATUSES.find((s) => s === row.pipelineStatus) ?? null;
  return { contactId: row.contactId, name: row.name, phone: row.phone, amount: row.amount, pipeline_status: status, qty: row.qty };
}
