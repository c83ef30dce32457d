import { Module } from '@nestjs/common';
import { SuperStatsController } from './super-stats.controller.js';
import { SuperTenantsController } from './super-tenants.controller.js';
import { TenantSettingsController } from './tenant-settings.controller.js';
import { TenantsRepository } from './tenants.repository.js';
import { TenantsService } from './tenants.service.js';

@Module({
  controllers: [TenantSettingsController, SuperTenantsController, SuperStatsController],
  providers: [TenantsRepository, TenantsService],
  exports: [TenantsRepository, TenantsService],
})
export class TenantsModule {}
