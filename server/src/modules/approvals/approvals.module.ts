import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { IdentityModule } from '../identity/index.js';
import { SettingsModule } from '../settings/index.js';
import { ApprovalsFacade } from './application/approvals.facade.js';
import { AdminApprovalsController } from './http/admin-approvals.controller.js';

/**
 * Two-person approval; an approved command goes on the command bus to the one handler its owner registered.
 * Identity: the requesters' and members' login ids.
 */
@Module({
  imports: [IdentityModule, AuditModule, SettingsModule],
  controllers: [AdminApprovalsController],
  providers: [ApprovalsFacade],
  exports: [ApprovalsFacade],
})
export class ApprovalsModule {}
