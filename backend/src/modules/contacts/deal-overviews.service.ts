import { Injectable } from '@nestjs/common';
import { PIPELINE_STATUSES, SHIPPING_STATUSES, roundMoney, type ProductBuyer, type ProductBuyerList, type ProductBuyersQuery, type ShippingStats } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { Database } from '../../platform/db/database.js';
import { ApiError } from '../../platform/http/api-error.js';
import { ProductsRepository } from '../products/products.repository.js';
import { ShippingRepository } from '../shipping/shipping.repository.js';
import { ContactQueriesRepository } from './contact-queries.repository.js';
import { DealLinesRepository, type BuyerRow } from './deal-lines.repository.js';

/**
 * The deals seen from a product or a courier: a product's buyers, the shipments per shipping
 * company. Here, not in products or shipping, because they read the deals (contacts), which stand
 * on products and shipping companies: those modules do not import this one.
 */
@Injectable()
export class DealOverviewsService {
  constructor(
    private readonly db: Database,
    private readonly queries: ContactQueriesRepository,
    private readonly deals: DealLinesRepository,
    private readonly products: ProductsRepository,
    private readonly shipping: ShippingRepository,
  ) {}

  /** 'Customers who bought this product': the deals holding it, over all deals, newest sale first, paged. */
  async productBuyers(actor: TenantActor, productId: string, query: ProductBuyersQuery): Promise<ProductBuyerList> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      if (!(await this.products.findById(tx, actor.tenantId, productId))) throw ApiError.notFound('Product not found.').withCode('product.not_found');
      const { rows, ...total } = await this.deals.buyers(tx, actor.tenantId, productId, (query.page - 1) * query.limit, query.limit);
      return { items: rows.map(toBuyerDto), ...total };
    });
  }

  /** Per company: shipments (deals using it), the count per shipping status and the COD still to collect, over all deals. */
  async shipmentStats(actor: TenantActor): Promise<ShippingStats> {
    return this.db.tenant(actor.tenantId, async (tx) => {
      const companies = await this.shipping.list(tx, actor.tenantId);
      const rows = await this.queries.shipmentStats(tx, actor.tenantId);
      return {
        items: companies.map((c) => {
          const mine = rows.filter((r) => r.companyId === c.id);
          const stats = Object.fromEntries(SHIPPING_STATUSES.map((s) => [s, mine.filter((r) => r.status === s).reduce((n, r) => n + r.count, 0)])) as ShippingStats['items'][number]['stats'];
          return {
            company: { _id: c.id, name: c.name },
            totalShipments: mine.reduce((n, r) => n + r.count, 0),
            stats,
            codOutstanding: roundMoney(mine.reduce((n, r) => n + Number(r.codOutstanding), 0)),
          };
        }),
      };
    });
  }
}

export function toBuyerDto(row: BuyerRow): ProductBuyer {
  const status = PIPELINE_STATUSES.find((s) => s === row.pipelineStatus) ?? null;
  return { contactId: row.contactId, name: row.name, phone: row.phone, amount: row.amount, pipeline_status: status, qty: row.qty };
}
