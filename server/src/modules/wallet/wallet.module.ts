import { Module } from '@nestjs/common';
import { DeliveryModule } from '../delivery/index.js';
import { WalletFacade } from './application/wallet.facade.js';
import { AdminWalletController } from './http/admin-wallet.controller.js';

@Module({
  imports: [DeliveryModule],
  controllers: [AdminWalletController],
  providers: [WalletFacade],
  exports: [WalletFacade],
})
export class WalletModule {}
