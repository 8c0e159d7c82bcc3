import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DispatchCommandSender } from '../../upstream-dispatch.port.js';
import { Order, OrderStatus } from '../../../domain/order.entity.js';

export interface OrderDashboardStats {
  byStatus: { status: OrderStatus; count: number }[];
  today: number;
  providerErrors: number;
  stuck: number;
}

const OPEN = { status: { $in: [OrderStatus.PENDING, OrderStatus.PROCESSING, OrderStatus.INPROGRESS] } };

/**
 * The operator dashboard's order figures: orders since `since` by status, orders since `todayStart`,
 * open orders carrying a provider error, and open orders untouched since `stuckBefore`.
 */
@Injectable()
export class GetDashboardStats {
  constructor(
    private readonly em: EntityManager,
    private readonly dispatch: DispatchCommandSender,
  ) {}

  async execute(since: Date, todayStart: Date, stuckBefore: Date): Promise<OrderDashboardStats> {
    const em = this.em.fork();
    const noted = await this.dispatch.withNote();
    const [byStatus, today, providerErrors, stuck] = await Promise.all([
      em.execute<{ status: OrderStatus; count: number }[]>(
        'select status, count(*)::int as count from service_order where created_at >= ? group by status',
        [since],
      ),
      em.count(Order, { createdAt: { $gte: todayStart } }),
      noted.length === 0 ? 0 : em.count(Order, { ...OPEN, id: { $in: noted } }),
      em.count(Order, { ...OPEN, updatedAt: { $lt: stuckBefore } }),
    ]);
    return { byStatus, today, providerErrors, stuck };
  }
}
