import { Injectable, Logger } from '@nestjs/common';
import { echoInput, reachedMinimum, type CreateProductRequest, type Product, type ProductList, type ProductsQuery, type UpdateProductRequest } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Clock } from '../../platform/clock.js';
import { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/database.types.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { ApiError } from '../../platform/http/api-error.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { toProductDto } from './product.mapper.js';
import { ProductsRepository, type ProductPatch } from './products.repository.js';
import type { ProductRow } from './products.table.js';

const SKU_CONSTRAINT = 'products_tenant_sku_active_unique';

/** A product whose stock just reached its minimum: the company's admins are told. */
export type MinimumReached = { id: string; name: string; stockQty: number; minQty: number };

/**
 * Products: every company user reads them (the deal editor); admins write them (the route's
 * permission). Deleting archives: the deals that hold the product keep it and its name.
 */
@Injectable()
export class ProductsService {
  constructor(
    private readonly db: Database,
    private readonly products: ProductsRepository,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {}

  private readonly logger = new Logger('Products');

  /** The company's products, by name; `q` searches name and SKU. Archived products are left out. */
  async list(actor: TenantActor, query: ProductsQuery): Promise<ProductList> {
    const { rows, ...total } = await this.db.tenant(actor.tenantId, (tx) => this.products.list(tx, actor.tenantId, { q: query.q, offset: (query.page - 1) * query.limit, limit: query.limit }));
    return { items: rows.map(toProductDto), ...total };
  }

  async get(actor: TenantActor, id: string): Promise<Product> {
    const row = await this.db.tenant(actor.tenantId, (tx) => this.products.findById(tx, actor.tenantId, id));
    if (!row) throw notFound();
    return toProductDto(row);
  }

  async create(actor: TenantActor, input: CreateProductRequest): Promise<Product> {
    const now = this.clock.now();
    return this.withSkuRule(actor, input.sku, async (tx) => {
      await this.assertSkuFree(tx, actor, input.sku);
      const row = await this.products.insert(tx, {
        tenantId: actor.tenantId,
        name: input.name,
        sku: input.sku,
        price: input.price,
        category: input.category ?? null,
        stockQty: input.stockQty ?? 0,
        minQty: input.minQty ?? 0,
        notes: input.notes ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return toProductDto(row);
    });
  }

  async update(actor: TenantActor, id: string, input: UpdateProductRequest): Promise<Product> {
    const now = this.clock.now();
    return this.withSkuRule(actor, input.sku, async (tx) => {
      const current = await this.products.findById(tx, actor.tenantId, id, { forUpdate: true });
      if (!current || current.archivedAt) throw notFound();
      if (input.sku !== undefined && input.sku.toLowerCase() !== current.sku.toLowerCase()) await this.assertSkuFree(tx, actor, input.sku);
      const patch: ProductPatch = { updatedAt: now };
      for (const key of ['name', 'sku', 'price', 'category', 'stockQty', 'minQty', 'notes'] as const) {
        if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
      }
      const row = await this.products.update(tx, actor.tenantId, id, patch);
      if (!row) throw notFound();
      return toProductDto(row);
    });
  }

  /** Archives the product: out of the lists, pickers and the SKU rule; deals keep it by name. */
  async remove(actor: TenantActor, id: string): Promise<{ message: string }> {
    const now = this.clock.now();
    const row = await this.db.tenant(actor.tenantId, (tx) => this.products.update(tx, actor.tenantId, id, { archivedAt: now, updatedAt: now }));
    if (!row) throw notFound();
    return { message: 'Product deleted. Deals that include it keep it under its name.' };
  }

  /**
   * Stock follows sales: takes these quantities out of stock (negative puts back), inside the
   * caller's transaction (the deal's save). Returns the products that reached their minimum, for
   * `notifyMinimumReached` after the commit.
   */
  async moveStock(tx: TenantTx, tenantId: string, moves: Map<string, number>): Promise<MinimumReached[]> {
    const moved = await this.products.moveStock(tx, tenantId, moves, this.clock.now());
    return moved.filter((m) => reachedMinimum(m.before, m.after, m.minQty)).map((m) => ({ id: m.id, name: m.name, stockQty: m.after, minQty: m.minQty }));
  }

  /** Tells the company's admins which products reached their minimum stock (after the deal's commit). */
  async notifyMinimumReached(tenantId: string, reached: MinimumReached[]): Promise<void> {
    for (const p of reached) {
      await notifyStockLow(this.notifications, tenantId, p).catch((err) => this.logger.warn(`stock notice failed: ${err}`));
    }
  }

  private async assertSkuFree(tx: TenantTx, actor: TenantActor, sku: string): Promise<void> {
    const holder = await this.products.findActiveBySku(tx, actor.tenantId, sku);
    if (holder) throw skuTaken(holder);
  }

  /** Two saves racing past the check meet the unique index: answered with the same 409. */
  private async withSkuRule<T>(actor: TenantActor, sku: string | undefined, work: (tx: TenantTx) => Promise<T>): Promise<T> {
    try {
      return await this.db.tenant(actor.tenantId, work);
    } catch (err) {
      if (!sku || !isUniqueViolation(err, SKU_CONSTRAINT)) throw err;
      const holder = await this.db.tenant(actor.tenantId, (tx) => this.products.findActiveBySku(tx, actor.tenantId, sku));
      if (holder) throw skuTaken(holder);
      throw err;
    }
  }
}

const notFound = () => ApiError.notFound('Product not found.').withCode('product.not_found');

const skuTaken = (holder: ProductRow) =>
  ApiError.conflict(`SKU ${echoInput(holder.sku)} is already used by ${echoInput(holder.name)}.`, 'sku').withCode('product.sku_taken', {
    sku: holder.sku,
    name: holder.name,
    productId: holder.id,
  });

/** The one call into the notifications module for stock notices (worded per reader from the code). */
export function notifyStockLow(notifications: NotificationsService, tenantId: string, p: MinimumReached) {
  return notifications.notifyAdmins(tenantId, { code: 'product.low_stock', params: { name: p.name, stock: p.stockQty, min: p.minQty }, link: `/products/${p.id}` });
}
