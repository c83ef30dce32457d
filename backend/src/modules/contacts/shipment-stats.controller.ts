import { Controller, Get } from '@nestjs/common';
import { shippingStatsSchema } from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc } from '../../platform/http/route-docs.js';
import { DealOverviewsService } from './deal-overviews.service.js';

/** The shipments per courier (GET /shipping/stats) read the deals: served here (DealOverviewsService says why). */
@Controller('shipping')
export class ShipmentStatsController {
  constructor(private readonly overviews: DealOverviewsService) {}

  @Get('stats')
  @RequirePermission('shipping.manage')
  @ApiDoc({ summary: 'Per shipping company: shipments, count per shipping status and COD outstanding, over all deals (admins)', response: shippingStatsSchema })
  stats(@CurrentUser() actor: TenantActor) {
    return this.overviews.shipmentStats(actor);
  }
}
