import { Module } from '@nestjs/common';
import { AuditFacade } from './application/audit.facade.js';
import { AdminAuditController } from './http/admin-audit.controller.js';

@Module({
  controllers: [AdminAuditController],
  providers: [AuditFacade],
  exports: [AuditFacade],
})
export class AuditModule {}
