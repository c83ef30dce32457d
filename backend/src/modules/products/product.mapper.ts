import { stockLevel, type Product } from '@crm/common';
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
