import { Module } from '@nestjs/common';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { WalletModule } from '../wallet/index.js';
import { AdminCrud, CrudAuditLog } from '../../shared/index.js';
import { ChargeBonusFacade } from './application/charge-bonus.facade.js';
import { AdminChargeBonusesController, ChargeBonusesController } from './http/charge-bonus.controllers.js';

@Module({
  imports: [AuditModule, WalletModule],
  controllers: [ChargeBonusesController, AdminChargeBonusesController],
  providers: [ChargeBonusFacade, AdminCrud, { provide: CrudAuditLog, useExisting: AuditFacade }],
  exports: [ChargeBonusFacade],
})
export class ChargeBonusModule {}
