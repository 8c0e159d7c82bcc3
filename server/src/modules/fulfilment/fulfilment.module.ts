import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { ProvidersService } from './application/providers.service.js';
import { SimulatedProvider } from './application/simulated-provider.js';
import { SmmClient } from './application/smm-client.js';
import { FulfilmentFacade } from './application/fulfilment.facade.js';
import { AdminProvidersController } from './http/admin-providers.controller.js';
import { SimulatedProviderController } from './http/simulated-provider.controller.js';

@Module({
  imports: [AuditModule],
  controllers: [AdminProvidersController, SimulatedProviderController],
  providers: [SmmClient, ProvidersService, SimulatedProvider, FulfilmentFacade],
  exports: [FulfilmentFacade],
})
export class FulfilmentModule {}
