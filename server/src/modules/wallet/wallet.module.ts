import { Module } from '@nestjs/common';
import { WalletFacade } from './application/wallet.facade.js';
import { AdminWalletController } from './http/admin-wallet.controller.js';
import { AdminPointDebtsController } from './http/admin-point-debts.controller.js';
import { AuditModule } from '../audit/index.js';

@Module({
  imports: [AuditModule],
  controllers: [AdminWalletController, AdminPointDebtsController],
  providers: [WalletFacade],
  exports: [WalletFacade],
})
export class WalletModule {}
