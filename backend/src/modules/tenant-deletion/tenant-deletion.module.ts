import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SuperAuditModule } from '../super-audit/super-audit.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { SuperTenantDeletionController } from './super-tenant-deletion.controller.js';
import { TenantDeletionService } from './tenant-deletion.service.js';
import { TenantFilesCleanup } from './tenant-files-cleanup.js';

/**
 * Deleting a company. Its own module because it reaches across the others (sessions through auth,
 * the WhatsApp session, every tenant table through platform/db/tenant-data-eraser.ts), and the
 * tenants module cannot import auth (auth imports tenants).
 */
@Module({
  imports: [AuthModule, TenantsModule, SuperAuditModule],
  controllers: [SuperTenantDeletionController],
  providers: [TenantDeletionService, TenantFilesCleanup],
})
export class TenantDeletionModule {}
