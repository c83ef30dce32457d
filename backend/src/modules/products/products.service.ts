import { Injectable } from '@nestjs/common';
import type { ProductList, ProductsQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.service.js';
import { toProductDto } from './product.mapper.js';
import { ProductsRepository } from './products.repository.js';

@Injectable()
export class ProductsService {
  constructor(
    private readonly db: Database,
    private readonly products: ProductsRepository,
  ) {}

  /** The company's products, by name; `q` searches name and SKU. Every role reads them (the deal editor). */
  async list(actor: TenantActor, query: ProductsQuery): Promise<ProductList> {
    const { rows, total } = await this.db.tenant(actor.tenantId, (tx) =>
      this.products.list(tx, actor.tenantId, { q: query.q, offset: (query.page - 1) * query.limit, limit: query.limit }),
    );
    return { items: rows.map(toProductDto), total };
  }
}
