import { Controller, Get } from '@nestjs/common';
import { shippingCompanyListSchema } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser } from '../../platform/auth/auth.decorators.js';
import { ApiDoc } from '../../platform/http/route-docs.js';
import { ShippingService } from './shipping.service.js';

@Controller('shipping')
export class ShippingController {
  constructor(private readonly shipping: ShippingService) {}

  @Get()
  @ApiDoc({ summary: "The company's shipping companies by name", response: shippingCompanyListSchema })
  list(@CurrentUser() actor: TenantActor) {
    return this.shipping.list(actor);
  }
}
