import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import { Order, OrderStatus } from '../../../domain/order.entity.js';
import type { Refill } from '../../../domain/refill.entity.js';
import { MemberOrderActions, type MemberOrderContext } from '../member-order-actions.js';
import { findHistory, statusFilter, type History, type HistoryQuery, type OrderHistoryRow } from '../member-history.js';

const refillView = ({ id, status, reason, createdAt }: Refill) => ({ id, status, reason, createdAt });

/** One order as the member's history shows it. */
function historyRow(o: Order, { services, refills, actions }: MemberOrderContext): OrderHistoryRow {
  const allowed = actions.get(o.id)!;
  const refill = refills.get(o.id);
  return {
    id: o.id,
    createdAt: o.createdAt,
    serviceId: o.serviceId,
    service: services.get(o.serviceId)?.text ?? '',
    link: o.link,
    point: o.point,
    amount: o.amount,
    status: o.status,
    startCount: o.startCount,
    remains: o.remains,
    runs: o.runs,
    completed: o.runNumber ?? 0,
    interval: o.interval,
    serviceType: o.serviceType,
    comments: o.comments,
    refillable: allowed.refill.allowed,
    cancelRequested: o.cancelPending,
    cancelRefusal: o.cancelRefusal,
    cancelable: allowed.cancel.allowed,
    actions: allowed,
    refill: refill ? refillView(refill) : null,
  };
}

/** The member's order history of the last 3 months (docs/product.md §2), with what they may do with each order. */
@Injectable()
export class GetOrderHistory {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly actions: MemberOrderActions,
  ) {}

  async execute(memberId: number, query: HistoryQuery): Promise<History<OrderHistoryRow>> {
    const status = statusFilter(query.status, Object.values(OrderStatus));
    const where = { memberId, status, now: this.clock.now() };
    const { rows, total } = await findHistory(this.em.fork(), Order, where, query.page);
    const context = await this.actions.of(rows);
    return { total, rows: rows.map((o) => historyRow(o, context)) };
  }
}
