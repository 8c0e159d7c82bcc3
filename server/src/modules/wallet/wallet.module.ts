import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/index.js';
import { WalletFacade } from './application/wallet.facade.js';
import { PointDebtCommands } from './application/point-debt-commands.js';
import { AdminWalletController } from './http/admin-wallet.controller.js';
import { AdminPointDebtsController } from './http/admin-point-debts.controller.js';
import { AuditModule } from '../audit/index.js';
import { SettingsModule } from '../settings/index.js';
import { CloseDeletedMemberBalanceHandler } from './application/handlers/close-deleted-member-balance.js';

@Module({
  imports: [DeliveryModule, AuditModule, SettingsModule],
  controllers: [AdminWalletController, AdminPointDebtsController],
  providers: [WalletFacade, PointDebtCommands, CloseDeletedMemberBalanceHandler],
  exports: [WalletFacade],
})
export class WalletModule {}
