import { SettingsModule } from '../settings/index.js';
import { AlertsModule } from '../alerts/index.js';
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { CatalogModule } from '../catalog/index.js';
import { OrderingModule } from '../ordering/index.js';
import { AnswerDispatchNotes } from './application/handlers/answer-dispatch-notes.js';
import { DispatchRecords } from './application/dispatch-records.js';
import { FulfilmentFacade } from './application/fulfilment.facade.js';
import { OrderSender } from './application/order-sender.js';
import { Failover } from './application/failover.js';
import { PriceSync } from './application/price-sync.js';
import { SyncProviderPrices } from './application/commands/sync-provider-prices/sync-provider-prices.js';
import { SettlePriceChange } from './application/commands/settle-price-change/settle-price-change.js';
import { ListPriceChanges } from './application/queries/list-price-changes/list-price-changes.js';
import { ProviderScores } from './application/provider-scores.js';
import { AdminProviderScoresController } from './http/admin-provider-scores.controller.js';
import { AdminPriceChangesController } from './http/admin-price-changes.controller.js';
import { OrderSync } from './application/order-sync.js';
import { RefillSync } from './application/refill-sync.js';
import { CancelForwarder } from './application/cancel-forwarder.js';
import { SubscriptionSync } from './application/subscription-sync.js';
import { ProvidersService } from './application/providers.service.js';
import { SimulatedProvider } from './application/simulated-provider.js';
import { SmmClient } from './application/smm-client.js';
import { ProviderAddressGuard } from './application/provider-address.js';
import {
  AdminOrderDispatchController,
  AdminOrderDispatchesController,
} from './http/admin-order-dispatch.controller.js';
import { AdminProvidersController } from './http/admin-providers.controller.js';
import { SimulatedProviderController } from './http/simulated-provider.controller.js';
import { FulfilmentJobs } from './jobs/fulfilment.jobs.js';
import { ProviderBalanceAlertJob } from './jobs/provider-balance-alert.job.js';

@Module({
  imports: [AuditModule, CatalogModule, OrderingModule, AlertsModule, SettingsModule],
  controllers: [
    AdminProvidersController,
    AdminOrderDispatchController,
    AdminOrderDispatchesController,
    SimulatedProviderController,
    AdminPriceChangesController,
    AdminProviderScoresController,
  ],
  providers: [
    DispatchRecords,
    AnswerDispatchNotes,
    ProviderAddressGuard,
    SmmClient,
    ProvidersService,
    SimulatedProvider,
    OrderSender,
    Failover,
    OrderSync,
    RefillSync,
    CancelForwarder,
    SubscriptionSync,
    FulfilmentJobs,
    ProviderBalanceAlertJob,
    FulfilmentFacade,
    PriceSync,
    ProviderScores,
    SyncProviderPrices,
    SettlePriceChange,
    ListPriceChanges,
  ],
  exports: [FulfilmentFacade],
})
export class FulfilmentModule {}
