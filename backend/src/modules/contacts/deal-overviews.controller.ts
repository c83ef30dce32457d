import { Controller, Get } from '@nestjs/common';
import { idParamSchema, productBuyerListSchema, productBuyersQuerySchema, shippingStatsSchema, type ProductBuyersQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { DealOverviews } from './deal-overviews.service.js';

/** A product's buyers (GET /products/:id/buyers) read the deals: served here (DealOverviews says why). */
@Controller('products')
export class ProductBuyersController {
  constructor(private readonly overviews: DealOverviews) {}

  @Get(':id/buyers')
  @RequirePermission('products.manage')
  @ApiDoc({ summary: 'Customers who bought this product: the deals holding it, over all deals (admins)', response: productBuyerListSchema })
  buyers(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidQuery(productBuyersQuerySchema) query: ProductBuyersQuery) {
    return this.overviews.productBuyers(actor, params.id, query);
  }
}

/** The shipments per courier (GET /shipping/stats) read the deals: served here (DealOverviews says why). */
@Controller('shipping')
export class ShipmentStatsController {
  constructor(private readonly overviews: DealOverviews) {}

  @Get('stats')
  @RequirePermission('shipping.manage')
  @ApiDoc({ summary: 'Per shipping company: shipments, count per shipping status and COD outstanding, over all deals (admins)', response: shippingStatsSchema })
  stats(@CurrentUser() actor: TenantActor) {
    return this.overviews.shipmentStats(actor);
  }
}
