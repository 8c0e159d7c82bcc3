import { type DynamicModule, Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, runsJobs } from './config/index.js';
import { ormConfig } from './database/mikro-orm.config.js';
import { AuditModule } from './modules/audit/index.js';
import { ContentModule } from './modules/content/index.js';
import { DashboardModule } from './modules/dashboard/index.js';
import {
  ApprovalGate,
  IdentityModule,
  Messenger,
  PointAdjuster,
  PointBalanceReader,
  MemberLevelReader,
  SessionsAdapter,
} from './modules/identity/index.js';
import { AuthModule, SessionsPort } from './modules/auth/index.js';
import { ApprovalsFacade, ApprovalsModule } from './modules/approvals/index.js';
import { LedgerKind, WalletFacade, WalletModule } from './modules/wallet/index.js';
import { SettingsModule } from './modules/settings/index.js';
import { CatalogModule, ServiceAverageTimes } from './modules/catalog/index.js';
import { FulfilmentModule } from './modules/fulfilment/index.js';
import { OrderingFacade, OrderingModule } from './modules/ordering/index.js';
import { BillingModule } from './modules/billing/index.js';
import { ReferralModule } from './modules/referral/index.js';
import { ResellerApiModule } from './modules/reseller-api/index.js';
import { HealthController } from './ops/health.controller.js';
import { BackupModule } from './ops/backup/index.js';
import { AlertsModule } from './modules/alerts/index.js';
import { SupportModule } from './modules/support/index.js';
import { DeliveryModule, IdentityMessenger } from './modules/delivery/index.js';
import { loggerParams } from './ops/logging.js';
import { PricingFacade, PricingModule } from './modules/pricing/index.js';
import { ReceiptsModule } from './modules/receipts/index.js';
import { Clock, CommandBus, EventBus } from './shared/index.js';
import { JobEngineModule } from './jobs/index.js';
import { CouponsModule } from './modules/coupons/index.js';
import { FavoritesModule } from './modules/favorites/index.js';

/**
 * What every module may inject without importing: the resolved config, the clock, and the buses for
 * domain events and commands between modules (docs/architecture.md, "Events and commands").
 */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: AppConfig, useValue: config }, Clock, EventBus, CommandBus],
      exports: [AppConfig, Clock, EventBus, CommandBus],
    };
  }
}

/**
 * Reads a module needs from a module above it (which imports it, directly or through delivery), bound
 * to the owner's own class; Nest resolves them when first injected, after both modules exist.
 */
@Global()
@Module({
  imports: [WalletModule, PricingModule, ApprovalsModule, DeliveryModule, OrderingModule, IdentityModule],
  providers: [
    { provide: PointBalanceReader, useExisting: WalletFacade },
    {
      provide: PointAdjuster,
      inject: [WalletFacade],
      useFactory: (wallet: WalletFacade): PointAdjuster => ({
        adjust: (em, memberId, amount, reference, memo) => wallet.adjust(em, memberId, amount, reference, memo),
        adjustmentEntry: (reference) => wallet.findEntry(LedgerKind.ADJUST, reference),
      }),
    },
    { provide: MemberLevelReader, useExisting: PricingFacade },
    { provide: ApprovalGate, useExisting: ApprovalsFacade },
    { provide: Messenger, useExisting: IdentityMessenger },
    { provide: SessionsPort, useExisting: SessionsAdapter },
    {
      provide: ServiceAverageTimes,
      inject: [OrderingFacade],
      useFactory: (ordering: OrderingFacade): ServiceAverageTimes => ({
        minutesByService: () => ordering.averageMinutesByService(),
      }),
    },
  ],
  exports: [
    PointBalanceReader,
    PointAdjuster,
    MemberLevelReader,
    ApprovalGate,
    Messenger,
    SessionsPort,
    ServiceAverageTimes,
  ],
})
class PortsModule {}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config.env)),
        // Every unit of work forks its own EntityManager, so the per-request context middleware is only overhead.
        MikroOrmModule.forRoot({ ...ormConfig(config.databaseUrl), registerRequestContext: false }),
        ...(runsJobs(config.env) ? [ScheduleModule.forRoot()] : []),
        EventEmitterModule.forRoot(),
        PortsModule,
        AuthModule,
        IdentityModule,
        SettingsModule,
        WalletModule,
        ContentModule,
        AuditModule,
        CatalogModule,
        OrderingModule,
        BillingModule,
        ReferralModule,
        DashboardModule,
        ResellerApiModule,
        FulfilmentModule,
        BackupModule,
        AlertsModule,
        ApprovalsModule,
        PricingModule,
        SupportModule,
        DeliveryModule,
        ReceiptsModule,
        JobEngineModule,
        CouponsModule,
        FavoritesModule,
      ],
      controllers: [HealthController],
    };
  }
}
