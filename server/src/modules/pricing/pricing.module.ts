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

@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [MemberLevelsController, MemberPricingAdminController, MemberPricesController],
  providers: [PricingFacade, AdminCrud, { provide: CrudAuditLog, useExisting: AuditFacade }],
  exports: [PricingFacade],
})
export class PricingModule {}
