import { Controller, Get } from '@nestjs/common';
import { idParamSchema, productBuyerListSchema, productBuyersQuerySchema, type ProductBuyersQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { DealOverviewsService } from './deal-overviews.service.js';

/** A product's buyers (GET /products/:id/buyers) read the deals: served here (DealOverviewsService says why). */
@Controller('products')
export class ProductBuyersController {
  constructor(private readonly overviews: DealOverviewsService) {}

  @Get(':id/buyers')
  @RequirePermission('products.manage')
  @ApiDoc({ summary: 'Customers who bought this product: the deals holding it, over all deals (admins)', response: productBuyerListSchema })
  buyers(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidQuery(productBuyersQuerySchema) query: ProductBuyersQuery) {
    return this.overviews.productBuyers(actor, params.id, query);
  }
}
