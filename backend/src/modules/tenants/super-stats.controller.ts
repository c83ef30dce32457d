import { Controller, Get } from '@nestjs/common';
import { superStatsSchema } from '@crm/common';
import { SuperRoute } from '../../platform/auth/auth.decorators.js';
import { ApiDoc } from '../../platform/http/route-docs.js';
import { TenantsService } from './tenants.service.js';

@Controller('super/stats')
@SuperRoute()
export class SuperStatsController {
  constructor(private readonly tenants: TenantsService) {}

  @Get()
  @ApiDoc({ summary: 'Platform totals: companies, active and expired ones, revenue, paid and remaining (USD)', response: superStatsSchema })
  get() {
    return this.tenants.stats();
  }
}
