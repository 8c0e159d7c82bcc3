import { wrap } from '@mikro-orm/core';
import type { AdminAutoOrderView, AdminOrderView } from '../../../contracts/index.js';
import type { AutoOrder } from '../domain/auto-order.entity.js';
import type { Order } from '../domain/order.entity.js';
import type { Subscription } from '../domain/subscription.entity.js';

/** An order as the console reads it (contracts/views.ts). */
export const adminOrderView = (o: Order, cost: string | null = null): AdminOrderView<Date, bigint> => ({
  id: o.id,
  memberId: o.memberId,
  serviceId: o.serviceId,
  link: o.link,
  amount: o.amount,
  point: o.point,
  refunded: o.refunded,
  status: o.status,
  startCount: o.startCount,
  remains: o.remains,
  autoOrderId: o.autoOrderId,
  runs: o.runs,
  interval: o.interval,
  runNumber: o.runNumber,
  serviceType: o.serviceType,
  comments: o.comments,
  cancelRequestedAt: o.cancelRequestedAt,
  cancelForwardedAt: o.cancelForwardedAt,
  cancelRefusal: o.cancelRefusal,
  providerId: o.providerId,
  providerServiceId: o.providerServiceId,
  cost,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
});

/** An auto-order as the console reads it (contracts/views.ts). */
export const adminAutoOrderView = (a: AutoOrder): AdminAutoOrderView<Date, bigint> => ({
  id: a.id,
  memberId: a.memberId,
  serviceId: a.serviceId,
  link: a.link,
  amount: a.amount,
  runs: a.runs,
  interval: a.interval,
  completed: a.completed,
  point: a.point,
  refunded: a.refunded,
  status: a.status,
  nextRunAt: a.nextRunAt,
  createdAt: a.createdAt,
  updatedAt: a.updatedAt,
});

/** A subscription as the console reads it: its columns, and whether it waits for an operator (`held`). */
export const adminSubscriptionView = (s: Subscription) => ({ ...wrap(s).toObject(), held: s.held });
