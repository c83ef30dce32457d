import { Controller, Get } from '@nestjs/common';
import { productListSchema, productsQuerySchema, type ProductsQuery } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidQuery } from '../../platform/http/route-docs.js';
import { ProductsService } from './products.service.js';

@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @ApiDoc({ summary: "The company's products by name; q searches name and SKU", response: productListSchema })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(productsQuerySchema) query: ProductsQuery) {
    return this.products.list(actor, query);
  }
}
