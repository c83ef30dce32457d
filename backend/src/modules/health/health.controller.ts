import { Controller, Get, Inject } from '@nestjs/common';
import { healthSchema, type Health } from '@crm/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import type { AppConfig } from '../../platform/config/config.js';
import { Public } from '../../platform/auth/auth.decorators.js';
import { Database } from '../../platform/db/database.js';
import { ApiDoc } from '../../platform/http/route-docs.js';

@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Liveness for load balancers, and `demo` tells the login page whether to prefill demo credentials. */
  @Get()
  @ApiDoc({ summary: 'Service health', response: healthSchema })
  async health(): Promise<Health> {
    const up = await this.db.ping();
    return { status: up ? 'ok' : 'degraded', db: up ? 'up' : 'down', demo: this.config.demo };
  }
}
