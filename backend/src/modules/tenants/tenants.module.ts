import { Module } from '@nestjs/common';
import { SuperAuditModule } from '../super-audit/super-audit.module.js';
import { UsersModule } from '../users/users.module.js';
import { SuperTenantsController } from './super-tenants.controller.js';
import { TenantSettingsController } from './tenant-settings.controller.js';
import { TenantsRepository } from './tenants.repository.js';
import { TenantsService } from './tenants.service.js';

@Module({
  imports: [UsersModule, SuperAuditModule],
  controllers: [TenantSettingsController, SuperTenantsController],
  providers: [TenantsRepository, TenantsService],
  exports: [TenantsRepository, TenantsService],
})
export class TenantsModule {}
