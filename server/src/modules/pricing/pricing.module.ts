import { Module } from '@nestjs/common';
import { AuditFacade, AuditModule } from '../audit/index.js';
import { CatalogModule } from '../catalog/index.js';
import { AdminCrud, CrudAuditLog } from '../../shared/index.js';
import { PricingFacade } from './application/pricing.facade.js';
import {
  MemberLevelsController,
  MemberPricesController,
  MemberPricingAdminController,
} from './http/pricing.controllers.js';
import { MemberPricingCache } from './application/member-pricing-cache.js';
import { RecordCharge } from './application/commands/record-charge/record-charge.js';
import { SetMemberLevel } from './application/commands/set-member-level/set-member-level.js';
import { SetMemberRate } from './application/commands/set-member-rate/set-member-rate.js';
import { GetMemberLevel } from './application/queries/get-member-level/get-member-level.js';
import { ListMemberRates } from './application/queries/list-member-rates/list-member-rates.js';

@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [MemberLevelsController, MemberPricingAdminController, MemberPricesController],
  providers: [
    PricingFacade,
    AdminCrud,
    { provide: CrudAuditLog, useExisting: AuditFacade },
    MemberPricingCache,
    RecordCharge,
    SetMemberLevel,
    SetMemberRate,
    GetMemberLevel,
    ListMemberRates,
  ],
  exports: [PricingFacade],
})
export class PricingModule {}
