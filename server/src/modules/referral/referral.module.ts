import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { SettingsModule } from '../settings/index.js';
import { WalletModule } from '../wallet/index.js';
import { ReferralFacade } from './application/referral.facade.js';
import { AdminReferralsController, ReferralController } from './http/referral.controller.js';

@Module({
  imports: [IdentityModule, SettingsModule, WalletModule],
  controllers: [ReferralController, AdminReferralsController],
  providers: [ReferralFacade],
  exports: [ReferralFacade],
})
export class ReferralModule {}
