import { Module } from '@nestjs/common';
import { SuperAuditController } from './super-audit.controller.js';
import { SuperAuditRepository } from './super-audit.repository.js';
import { SuperAuditService } from './super-audit.service.js';

/** The super area's audit trail; other super modules record into it inside their own transactions. */
@Module({
  controllers: [SuperAuditController],
  providers: [SuperAuditRepository, SuperAuditService],
  exports: [SuperAuditService],
})
export class SuperAuditModule {}
