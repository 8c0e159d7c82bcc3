import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/index.js';
import { CatalogModule } from '../catalog/index.js';
import { PricingModule } from '../pricing/index.js';
import { SettingsModule } from '../settings/index.js';
import { WalletModule } from '../wallet/index.js';
import { DeliveryModule } from '../delivery/index.js';
import { OrderCommands } from './application/order-commands.service.js';
import { OrderPlacement } from './application/order-placement.service.js';
import { OrderStatusCache } from './application/order-status-cache.js';
import { OrderUpstream } from './application/order-upstream.service.js';
import { DispatchCommandSender } from './application/upstream-dispatch.port.js';
import { CouponCommandSender } from './application/order-coupons.port.js';
import { OrderingFacade } from './application/ordering.facade.js';
import { AdminAutoOrdersController, AdminOrdersController } from './http/admin-orders.controller.js';
import { OrderController } from './http/order.controller.js';
import { Refills } from './application/refills.service.js';
import { AdminSubscriptionsController, MemberSubscriptionsController } from './http/subscriptions.controller.js';
import { AdminRefillsController, MemberRefillController } from './http/refills.controller.js';
import { AutoOrderRunsJob } from './jobs/auto-order-runs.job.js';
import { MassOrders } from './application/mass-order.service.js';
import { MassOrderController } from './http/mass-order.controller.js';
import { ServiceChangeNoticesJob } from './jobs/service-change-notices.job.js';
import { AverageTimes } from './application/average-times.js';
import { CancelOrdersWhenMemberDeleted } from './application/handlers/cancel-orders-when-member-deleted.js';
import { ORDERING_QUERIES } from './application/queries/providers.js';
import { ORDERING_COMMANDS } from './application/commands/providers.js';

@Module({
  imports: [AuditModule, CatalogModule, SettingsModule, WalletModule, PricingModule, DeliveryModule],
  controllers: [
    OrderController,
    AdminOrdersController,
    AdminAutoOrdersController,
    MemberRefillController,
    AdminRefillsController,
    MemberSubscriptionsController,
    AdminSubscriptionsController,
    MassOrderController,
  ],
  providers: [
    OrderPlacement,
    OrderCommands,
    OrderStatusCache,
    OrderUpstream,
    DispatchCommandSender,
    OrderingFacade,
    AutoOrderRunsJob,
    Refills,
    MassOrders,
    ServiceChangeNoticesJob,
    CouponCommandSender,
    AverageTimes,
    CancelOrdersWhenMemberDeleted,
    ...ORDERING_QUERIES,
    ...ORDERING_COMMANDS,
  ],
  exports: [OrderingFacade],
})
export class OrderingModule {}
