import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { numericInput } from '../shared/inputs.js';

/** A product the company sells (spec/admin.md §3); prices in the tenant currency (EGP). */
export const productSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
  price: z.number(),
  stockQty: z.number().int(),
  minQty: z.number().int(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productsQuerySchema = z.object({
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200).optional().meta({ description: 'Name or SKU contains this' })),
  page: numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number'),
  limit: numericInput(
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(100),
    'limit must be a number',
  ),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const productListSchema = z.object({ items: z.array(productSchema), total: z.number() });
export type ProductList = z.infer<typeof productListSchema>;
