import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ScheduleModule } from '@nestjs/schedule';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig, runsJobs } from './config/index.js';
import { ormConfig } from './database/mikro-orm.config.js';
import { AuditFacade, AuditModule } from './modules/audit/index.js';
import { ContentFacade, ContentModule } from './modules/content/index.js';
import { DashboardModule } from './modules/dashboard/index.js';
import {
  ApprovalGate,
  AuditRecorder,
  IdentityModule,
  IdentitySettings,
  MemberMoneyCloser,
  Messenger,
  PointAdjuster,
  PointBalanceReader,
  MemberLevelReader,
  RegisterWhereOptions,
  SecurityAlerts,
  SessionDirectory,
} from './modules/identity/index.js';
import { AuthModule, SessionReader } from './modules/auth/index.js';
import { memberMoneyCloser } from './composition/member-money-closure.js';
import { approvalActions } from './composition/approval-actions.js';
import { ApprovalActions, ApprovalsFacade, ApprovalsModule } from './modules/approvals/index.js';
import { LedgerKind, WalletFacade, WalletModule } from './modules/wallet/index.js';
import { SettingsModule, SettingsService } from './modules/settings/index.js';
import { CatalogModule, ServiceAverageTimes } from './modules/catalog/index.js';
import { FulfilmentModule } from './modules/fulfilment/index.js';
import { OrderingFacade, OrderingModule } from './modules/ordering/index.js';
import { BillingModule } from './modules/billing/index.js';
import { ReferralModule } from './modules/referral/index.js';
import { ResellerApiModule } from './modules/reseller-api/index.js';
import { HealthController } from './ops/health.controller.js';
import { BackupModule } from './modules/backup/index.js';
import { AlertsFacade, AlertsModule } from './modules/alerts/index.js';
import { SupportModule } from './modules/support/index.js';
import { DeliveryModule, IdentityMessenger } from './modules/delivery/index.js';
import { loggerParams } from './ops/logging.js';
import { PricingFacade, PricingModule } from './modules/pricing/index.js';
import { ReceiptsModule } from './modules/receipts/index.js';
import { Clock } from './shared/index.js';
import { JobEngineModule } from './jobs/index.js';
import { CouponsModule } from './modules/coupons/index.js';
import { FavoritesModule } from './modules/favorites/index.js';

/** What every module may inject without importing: the resolved config and the clock. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      providers: [{ provide: AppConfig, useValue: config }, Clock],
      exports: [AppConfig, Clock],
    };
  }
}

/** Ports one context declares and another fulfils, bound here so neither imports the other. */
@Global()
@Module({
  imports: [WalletModule, SettingsModule, ContentModule, AuditModule, PricingModule, IdentityModule],
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
    {
      provide: IdentitySettings,
      inject: [SettingsService],
      useFactory: (settings: SettingsService): IdentitySettings => ({
        isOn: async (key) => (await settings.get(key)) === true,
        text: async (key) => String(await settings.get(key)),
      }),
    },
    { provide: RegisterWhereOptions, useExisting: ContentFacade },
    { provide: AuditRecorder, useExisting: AuditFacade },
    { provide: MemberMoneyCloser, inject: [ModuleRef, WalletFacade, SettingsService], useFactory: memberMoneyCloser },
    { provide: ApprovalActions, inject: [ModuleRef], useFactory: approvalActions },
    // Approvals imports identity (guards): looked up when first used, as the closer above does.
    {
      provide: ApprovalGate,
      inject: [ModuleRef],
      useFactory: (moduleRef: ModuleRef): ApprovalGate => ({
        runOrHold: (command, requester, run) =>
          moduleRef.get(ApprovalsFacade, { strict: false }).runOrHold(command, requester, run),
      }),
    },
    // Delivery imports identity (member contacts): looked up when first used, as the gate above is.
    {
      provide: Messenger,
      inject: [ModuleRef],
      useFactory: (moduleRef: ModuleRef): Messenger => {
        const engine = () => moduleRef.get(IdentityMessenger, { strict: false });
        return { write: (tx, message) => engine().write(tx, message), sendNow: (id) => engine().sendNow(id) };
      },
    },
    // Alerts imports delivery, which imports identity: looked up when first used.
    {
      provide: SecurityAlerts,
      inject: [ModuleRef],
      useFactory: (moduleRef: ModuleRef): SecurityAlerts => ({
        raise: (text, key) => moduleRef.get(AlertsFacade, { strict: false }).raise('LOGIN_SECURITY', text, key),
      }),
    },
    { provide: MemberLevelReader, useExisting: PricingFacade },
    { provide: SessionReader, useExisting: SessionDirectory },
    // Ordering imports the catalogue: its average times are looked up when first read.
    {
      provide: ServiceAverageTimes,
      inject: [ModuleRef],
      useFactory: (moduleRef: ModuleRef): ServiceAverageTimes => ({
        minutesByService: () => moduleRef.get(OrderingFacade, { strict: false }).averageMinutesByService(),
      }),
    },
  ],
  exports: [
    PointBalanceReader,
    PointAdjuster,
    IdentitySettings,
    RegisterWhereOptions,
    AuditRecorder,
    MemberMoneyCloser,
    ApprovalActions,
    ApprovalGate,
    MemberLevelReader,
    Messenger,
    SecurityAlerts,
    SessionReader,
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
