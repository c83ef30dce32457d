import { Controller, Delete, Get, Patch, Post } from '@nestjs/common';
import {
  createShippingCompanySchema,
  idParamSchema,
  messageResultSchema,
  shippingCompanyListSchema,
  shippingCompanySchema,
  updateShippingCompanySchema,
  type CreateShippingCompanyRequest,
  type UpdateShippingCompanyRequest,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams } from '../../platform/http/route-docs.js';
import { ShippingService } from './shipping.service.js';

/** The couriers; the shipments per courier (GET /shipping/stats) are the contacts module's (DealOverviewsService). */
@Controller('shipping')
export class ShippingController {
  constructor(private readonly shipping: ShippingService) {}

  @Get()
  @RequirePermission('catalogue.read')
  @ApiDoc({ summary: "The company's shipping companies by name, with their governorate fees", response: shippingCompanyListSchema })
  list(@CurrentUser() actor: TenantActor) {
    return this.shipping.list(actor);
  }

  @Post()
  @RequirePermission('shipping.manage')
  @ApiDoc({ summary: 'Add a shipping company (admins)', response: shippingCompanySchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createShippingCompanySchema) body: CreateShippingCompanyRequest) {
    return this.shipping.create(actor, body);
  }

  @Patch(':id')
  @RequirePermission('shipping.manage')
  @ApiDoc({ summary: 'Change a shipping company; governorateFees replaces its fees (admins)', response: shippingCompanySchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateShippingCompanySchema) body: UpdateShippingCompanyRequest) {
    return this.shipping.update(actor, params.id, body);
  }

  @Delete(':id')
  @RequirePermission('shipping.manage')
  @ApiDoc({ summary: 'Delete a shipping company; its deals keep their shipping details without it (admins)', response: messageResultSchema })
  remove(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.shipping.remove(actor, params.id);
  }
}
