import { z } from 'zod';
import { MAX_PAGE_SIZE, PIPELINE_STATUSES } from '../constants.js';
import { STOCK_LEVELS } from '../rules/stock-level.js';
import { boundedTotalShape } from '../shared/bounded-total.js';
import { numericInput } from '../shared/inputs.js';

/** A product the company sells; prices in the tenant currency (EGP). */
export const productSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
  price: z.number(),
  stockQty: z.number().int(),
  minQty: z.number().int(),
  notes: z.string().nullable(),
  /** The stock badge, by `stockLevel` (common/rules/stock-level). */
  stockLevel: z.enum(STOCK_LEVELS),
  /** Set once the product was deleted: deals keep it by name, lists and pickers leave it out. */
  archived: z.boolean(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const pageInput = numericInput(z.number().int('page must be a whole number').min(1, 'page must be at least 1').default(1), 'page must be a number');
const limitInput = (byDefault: number) =>
  numericInput(
    z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`).default(byDefault),
    'limit must be a number',
  );

export const productsQuerySchema = z.object({
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(200).optional().meta({ description: 'Name or SKU contains this' })),
  page: pageInput,
  limit: limitInput(100),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const productListSchema = z.object({ items: z.array(productSchema), ...boundedTotalShape });
export type ProductList = z.infer<typeof productListSchema>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (name: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ message: `${name} must be text` })
        .trim()
        .max(max, `${name} must be at most ${max} characters`)
        .nullable(),
    )
    .optional();
const quantity = (name: string) =>
  numericInput(
    z
      .number({ message: `${name} must be a number` })
      .int(`${name} must be a whole number`)
      .min(0, `${name} cannot be negative`)
      .max(100_000_000, `${name} is too large`)
      .optional(),
    `${name} must be a number`,
  );

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_SKU_MAX = 100;

/** POST /products: name, sku and price required; category, stockQty, minQty and notes optional. */
export const createProductSchema = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(PRODUCT_NAME_MAX, `Name must be at most ${PRODUCT_NAME_MAX} characters`),
  sku: z.string({ message: 'SKU is required' }).trim().min(1, 'SKU is required').max(PRODUCT_SKU_MAX, `SKU must be at most ${PRODUCT_SKU_MAX} characters`),
  price: numericInput(z.number({ message: 'Price is required' }).finite('Price must be a number').min(0, 'Price cannot be negative').max(1e11, 'Price is too large'), 'Price must be a number'),
  category: optionalText('Category', 100),
  stockQty: quantity('Stock'),
  minQty: quantity('Min qty'),
  notes: optionalText('Notes', 5000),
});
export type CreateProductRequest = z.infer<typeof createProductSchema>;

/** PATCH /products/{id}: any of the product's fields. */
export const updateProductSchema = createProductSchema.partial();
export type UpdateProductRequest = z.infer<typeof updateProductSchema>;

/** A deal that has the product: 'Customers who bought this product' on the product page. */
export const productBuyerSchema = z.object({
  contactId: z.uuid(),
  name: z.string().nullable(),
  phone: z.string(),
  /** The deal's amount. */
  amount: z.number().nullable(),
  pipeline_status: z.enum(PIPELINE_STATUSES).nullable(),
  qty: z.number().int(),
});
export type ProductBuyer = z.infer<typeof productBuyerSchema>;

export const productBuyersQuerySchema = z.object({ page: pageInput, limit: limitInput(20) });
export type ProductBuyersQuery = z.infer<typeof productBuyersQuerySchema>;

export const productBuyerListSchema = z.object({ items: z.array(productBuyerSchema), ...boundedTotalShape });
export type ProductBuyerList = z.infer<typeof productBuyerListSchema>;
