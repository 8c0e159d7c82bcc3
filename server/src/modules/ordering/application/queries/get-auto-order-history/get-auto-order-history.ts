import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../../../catalog/index.js';
import { Clock } from '../../../../../shared/index.js';
import { AutoOrder, AutoOrderStatus } from '../../../domain/auto-order.entity.js';
import {
  findHistory,
  statusFilter,
  type AutoOrderHistoryRow,
  type History,
  type HistoryQuery,
} from '../member-history.js';

const { ACTIVE, COMPLETED, CANCLED, PARTIAL } = AutoOrderStatus;
/** PARTIAL is shown as completed; the storefront's "canceled" chip may say CANCELED. */
const STATUS_ALIASES = { COMPLETED: [COMPLETED, PARTIAL], CANCELED: [CANCLED], ACTIVE: [ACTIVE] };

/** The member's auto-order history of the last 3 months: point is what was finally used (paid less every refund). */
@Injectable()
export class GetAutoOrderHistory {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly clock: Clock,
  ) {}

  async execute(memberId: number, query: HistoryQuery): Promise<History<AutoOrderHistoryRow>> {
    const status = statusFilter(query.status, Object.values(AutoOrderStatus), STATUS_ALIASES);
    const where = { memberId, status, now: this.clock.now() };
    const { rows, total } = await findHistory(this.em.fork(), AutoOrder, where, query.page);
    const [services, runRefunds] = await Promise.all([
      this.catalog.servicesByIds(rows.map((a) => a.serviceId)),
      this.runRefunds(rows.map((a) => a.id)),
    ]);
    return {
      total,
      rows: rows.map((a) => ({
        id: a.id,
        createdAt: a.createdAt,
        link: a.link,
        point: a.point - a.refunded - (runRefunds.get(a.id) ?? 0n),
        amount: a.amount,
        serviceId: a.serviceId,
        service: services.get(a.serviceId)?.text ?? '',
        completed: a.completed,
        runs: a.runs,
        interval: a.interval,
        totalAmount: a.amount * a.runs,
        status: a.status,
      })),
    };
  }

  /** Won refunded by each auto-order's runs (partial or canceled runs). */
  private async runRefunds(autoOrderIds: number[]): Promise<Map<number, bigint>> {
    if (autoOrderIds.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .execute<{ auto_order_id: number; refunded: string }[]>(
        'select auto_order_id, sum(refunded) as refunded from service_order where auto_order_id in (?) group by auto_order_id',
        [autoOrderIds],
      );
    return new Map(rows.map((r) => [r.auto_order_id, BigInt(r.refunded)]));
  }
}
