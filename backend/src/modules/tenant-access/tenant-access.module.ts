import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SuperAuditModule } from '../super-audit/super-audit.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { SubscriptionExpiryJob } from './subscription-expiry.job.js';
import { SuperTenantAccessController } from './super-tenant-access.controller.js';
import { TenantAccessService } from './tenant-access.service.js';

/**
 * A company's access to the CRM (super area): suspend / re-activate, the subscription and its
 * daily expiry. Apart from the tenants module because it acts on sessions (auth) and WhatsApp,
 * both of which depend on the tenants module.
 */
@Module({
  imports: [TenantsModule, AuthModule, SuperAuditModule],
  controllers: [SuperTenantAccessController],
  providers: [TenantAccessService, SubscriptionExpiryJob],
  exports: [TenantAccessService],
})
export class TenantAccessModule {}
