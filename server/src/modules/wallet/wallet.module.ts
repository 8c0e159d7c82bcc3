import { Module } from '@nestjs/common';
import { WalletFacade } from './application/wallet.facade.js';
import { AdminWalletController } from './http/admin-wallet.controller.js';

@Module({
  controllers: [AdminWalletController],
  providers: [WalletFacade],
  exports: [WalletFacade],
})
export class WalletModule {}
