import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  contains,
  filterFlag,
  filterId,
  filterOneOrMany,
  findPage,
  Page,
  type ListQuery,
} from '../../../../../shared/index.js';
import { DispatchCommandSender } from '../../upstream-dispatch.port.js';
import { Order, OrderStatus } from '../../../domain/order.entity.js';
import { ownerFilters } from '../console-filters.js';

/** An order as the console reads it: its columns and its cost upstream. */
export interface OrderWithCost {
  order: Order;
  cost: string | null;
}

export const withCost = (order: Order, cost: string | null): OrderWithCost => ({ order, cost });

const ORDER_STATUSES = Object.values(OrderStatus);
const SORTABLE = ['id', 'createdAt', 'updatedAt', 'status', 'point', 'amount', 'memberId', 'serviceId', 'providerId'];

/** A flag filter's value, or false when malformed (findPage's own filter then answers the 400). */
function filterFlagOrNull(value: unknown): boolean {
  try {
    return filterFlag(value);
  } catch {
    return false;
  }
}

type Check = { held: number[]; flagged: number[] } | null;

/**
 * Fulfilment could not tell whether the provider took it: an operator checks, then resends or links.
 * Or a running order the provider said something about that maps to no state (flagged [확인 필요]).
 */
function needsCheckFilter(check: Check) {
  return (v: unknown) =>
    filterFlag(v) && check
      ? {
          $or: [
            { status: OrderStatus.PENDING, providerId: { $ne: null }, id: { $in: check.held } },
            { status: { $in: [OrderStatus.PROCESSING, OrderStatus.INPROGRESS] }, id: { $in: check.flagged } },
          ],
        }
      : {};
}

/** The console's orders, each with what it cost upstream (`cost`, won as decimal text; null: unknown). */
@Injectable()
export class ListOrders {
  constructor(
    private readonly em: EntityManager,
    private readonly dispatch: DispatchCommandSender,
  ) {}

  async execute(query: ListQuery): Promise<Page<OrderWithCost>> {
    const page = await this.ordersOnly(query);
    const costs = await this.dispatch.costsOf(page.rows);
    return new Page(
      page.resource,
      page.rows.map((o) => withCost(o, costs.get(o.id) ?? null)),
      page.total,
      page.start,
    );
  }

  private async ordersOnly(query: ListQuery): Promise<Page<Order>> {
    // Which orders need a check is fulfilment's to say (its dispatch record), read before findPage.
    const check =
      query.filter.needsCheck !== undefined && filterFlagOrNull(query.filter.needsCheck)
        ? await this.dispatch.needingCheck()
        : null;
    return findPage(this.em.fork(), Order, 'orders', query, {
      sortable: SORTABLE,
      filters: {
        ...ownerFilters,
        status: (v) => ({ status: { $in: filterOneOrMany(ORDER_STATUSES, v) } }),
        providerId: (v) => ({ providerId: filterId(v) }),
        autoOrderId: (v) => ({ autoOrderId: filterId(v) }),
        needsCheck: needsCheckFilter(check),
        q: (v) => ({ link: contains(v) }),
      },
    });
  }
}
