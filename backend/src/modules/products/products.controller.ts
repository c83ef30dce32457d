import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import {
  createProductSchema,
  idParamSchema,
  messageResultSchema,
  productListSchema,
  productSchema,
  productsQuerySchema,
  updateProductSchema,
  type CreateProductRequest,
  type ProductsQuery,
  type UpdateProductRequest,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ProductsService } from './products.service.js';

/** The catalogue; a product's buyers (GET /products/:id/buyers) are the contacts module's (DealOverviewsService). */
@Controller('products')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get()
  @RequirePermission('catalogue.read')
  @ApiDoc({ summary: "The company's products by name (deleted ones left out); q searches name and SKU", response: productListSchema })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(productsQuerySchema) query: ProductsQuery) {
    return this.products.list(actor, query);
  }

  @Get(':id')
  @RequirePermission('catalogue.read')
  @ApiDoc({ summary: 'One product (also a deleted one, which deals may still hold)', response: productSchema })
  get(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.products.get(actor, params.id);
  }

  @Post()
  @RequirePermission('products.manage')
  @ApiDoc({ summary: 'Add a product; the SKU must be free in the company (admins)', response: productSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createProductSchema) body: CreateProductRequest) {
    return this.products.create(actor, body);
  }

  @Patch(':id')
  @RequirePermission('products.manage')
  @ApiDoc({ summary: 'Change a product (admins)', response: productSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateProductSchema) body: UpdateProductRequest) {
    return this.products.update(actor, params.id, body);
  }

  @Delete(':id')
  @RequirePermission('products.manage')
  @ApiDoc({ summary: 'Delete a product: it is archived, deals keep it under its name (admins)', response: messageResultSchema })
  remove(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.products.remove(actor, params.id);
  }
}
