import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CostedOrder, UpstreamDispatchNotes } from '../../ordering/index.js';
import { effectiveCost } from '../domain/cost.js';
import { DISPATCH_STATUSES } from '../../../contracts/index.js';
import {
  filterFlag,
  filterId,
  filterOneOrMany,
  findPage,
  NotFoundError,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { DispatchStatus, HELD_DISPATCH_STATUSES, OrderDispatch } from '../domain/order-dispatch.entity.js';

const HELD = { status: { $in: [...HELD_DISPATCH_STATUSES] } };

/**
 * Reads of fulfilment's dispatch records: the console's read-only resource (an order's provider order id,
 * attempts, last error, last sync), and what ordering asks of them (which orders are held or flagged).
 */
@Injectable()
export class DispatchRecords implements UpstreamDispatchNotes {
  constructor(private readonly em: EntityManager) {}

  page(query: ListQuery): Promise<Page<OrderDispatch>> {
    return findPage(this.em.fork(), OrderDispatch, 'order-dispatches', query, {
      sortable: ['id', 'updatedAt', 'lastSyncedAt'],
      filters: {
        held: (v) => (filterFlag(v) ? HELD : {}),
        status: (v) => ({ status: { $in: filterOneOrMany(DISPATCH_STATUSES, v) } }),
        providerId: (v) => ({ providerId: filterId(v) }),
      },
    });
  }

  async get(orderId: number): Promise<OrderDispatch> {
    const dispatch = await this.em.fork().findOne(OrderDispatch, { id: orderId });
    if (!dispatch) throw new NotFoundError('DISPATCH_RECORD_NOT_FOUND');
    return dispatch;
  }

  async heldAmong(tx: EntityManager, orderIds: number[]): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    const rows = await tx.find(OrderDispatch, { id: { $in: orderIds }, ...HELD }, { fields: ['id'] });
    return new Set(rows.map((d) => d.id));
  }

  async needingCheck(): Promise<{ held: number[]; flagged: number[] }> {
    const em = this.em.fork();
    const [held, flagged] = await Promise.all([
      em.find(OrderDispatch, HELD, { fields: ['id'] }),
      em.find(OrderDispatch, { status: DispatchStatus.FLAGGED }, { fields: ['id'] }),
    ]);
    return { held: held.map((d) => d.id), flagged: flagged.map((d) => d.id) };
  }

  async costsOf(orders: CostedOrder[]): Promise<Map<number, string | null>> {
    if (orders.length === 0) return new Map();
    const records = new Map(
      (
        await this.em
          .fork()
          .find(
            OrderDispatch,
            { id: { $in: orders.map((o) => o.id) } },
            { fields: ['id', 'expectedCost', 'chargeCost'] },
          )
      ).map((d) => [d.id, d]),
    );
    return new Map(
      orders.map((o) => {
        const record = records.get(o.id);
        return [
          o.id,
          record ? effectiveCost({ ...o, expectedCost: record.expectedCost, chargeCost: record.chargeCost }) : null,
        ];
      }),
    );
  }

  async withNote(): Promise<number[]> {
    const rows = await this.em
      .fork()
      .find(OrderDispatch, { lastError: { $ne: null }, finishedAt: null }, { fields: ['id'] });
    return rows.map((d) => d.id);
  }
}
