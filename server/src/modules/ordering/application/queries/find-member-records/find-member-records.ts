import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { OrderStatusCache, type OrderStatusView } from '../../order-status-cache.js';
import { AutoOrder } from '../../../domain/auto-order.entity.js';
import { Order } from '../../../domain/order.entity.js';

/** The member's own orders and auto-orders by id: plain reads, scoped to the member (others' ids read as absent). */
@Injectable()
export class FindMemberRecords {
  constructor(
    private readonly em: EntityManager,
    private readonly statuses: OrderStatusCache,
  ) {}

  order(memberId: number, orderId: number): Promise<Order | null> {
    return this.em.fork().findOne(Order, { id: orderId, memberId });
  }

  async orders(memberId: number, ids: number[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    return this.em.fork().find(Order, { id: { $in: ids }, memberId }, { orderBy: { id: 'ASC' } });
  }

  /** The member's own orders among these ids as {@link OrderStatusView}s, by id (kept 2 s: a tool polls them twice a second). */
  orderStatuses(memberId: number, ids: number[]): Promise<OrderStatusView[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.statuses.statusesOf(memberId, ids);
  }

  autoOrder(memberId: number, autoOrderId: number): Promise<AutoOrder | null> {
    return this.em.fork().findOne(AutoOrder, { id: autoOrderId, memberId });
  }

  /** The member's auto-order with the runs started so far (run 1 first), or null. */
  async autoOrderWithRuns(
    memberId: number,
    autoOrderId: number,
  ): Promise<{ autoOrder: AutoOrder; runs: Order[] } | null> {
    const em = this.em.fork();
    const autoOrder = await em.findOne(AutoOrder, { id: autoOrderId, memberId });
    if (!autoOrder) return null;
    return { autoOrder, runs: await em.find(Order, { autoOrderId, memberId }, { orderBy: { runNumber: 'ASC' } }) };
  }
}
