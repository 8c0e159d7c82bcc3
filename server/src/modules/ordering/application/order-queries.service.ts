import { BadRequestException, Injectable } from '@nestjs/common';
import { EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import {
  memberOrderActions,
  ORDER_HISTORY_PAGE_SIZE,
  type TicketOrderView,
  type AutoOrderHistoryRow as AutoOrderHistoryRowOf,
  type OrderHistoryRow as OrderHistoryRowOf,
} from '../../../contracts/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import {
  Clock,
  contains,
  filterDate,
  filterFlag,
  filterId,
  filterOneOrMany,
  FilterValueError,
  findPage,
  NotFoundError,
  Page,
  type ListQuery,
} from '../../../shared/index.js';
import { DispatchNotesLookup } from './upstream-dispatch.port.js';
import { memberOrderFacts } from './member-order-facts.js';
import { Refills } from './refills.service.js';
import { OrderStatusCache, type OrderStatusView } from './order-status-cache.js';
import { AutoOrder, AutoOrderStatus } from '../domain/auto-order.entity.js';
import { Order, OrderStatus } from '../domain/order.entity.js';
import { Refill } from '../domain/refill.entity.js';

/** An order as the console reads it: its columns and its cost upstream. */
export interface OrderWithCost {
  order: Order;
  cost: string | null;
}
const withCost = (order: Order, cost: string | null): OrderWithCost => ({ order, cost });

/** An order as the profit report reads it: who, what, which provider, paid and refunded (won). */
export interface ProfitOrder {
  id: number;
  createdAt: Date;
  memberId: number;
  serviceId: number;
  providerId: number | null;
  status: string;
  amount: number;
  remains: number | null;
  point: bigint;
  refunded: bigint;
}

/** A member's history query: optional status and 1-based page (page size 10). */
export interface HistoryQuery {
  status?: string;
  page?: number;
}

export interface History<T> {
  rows: T[];
  /** Rows matching the status over the 3 months (X-Total-Count). */
  total: number;
}

/** docs/product.md §2 order history columns, as the storefront reads them (contracts/views.ts). */
export type OrderHistoryRow = OrderHistoryRowOf<Date, bigint>;

/** docs/product.md §2 auto-order history columns: point is the final amount used, totalAmount = amount × runs. */
export type AutoOrderHistoryRow = AutoOrderHistoryRowOf<Date, bigint>;

export interface OrderDashboardStats {
  byStatus: { status: OrderStatus; count: number }[];
  today: number;
  providerErrors: number;
  stuck: number;
}

/** docs/product.md §2: histories show the last 3 months. */
export function historyStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - 3);
  return start;
}

const letters = (raw: string) => raw.toUpperCase().replace(/[^A-Z]/g, '');

function statusFilter<S extends string>(
  raw: string | undefined,
  statuses: readonly S[],
  aliases: Record<string, readonly S[]> = {},
): readonly S[] | null {
  const wanted = letters(raw ?? '');
  if (wanted === '' || wanted === 'ALL') return null;
  const found = aliases[wanted] ?? (statuses.includes(wanted as S) ? [wanted as S] : null);
  if (!found) throw new BadRequestException('입력 양식을 맞춰주세요.');
  return found;
}

const ORDER_STATUSES = Object.values(OrderStatus);
const AUTO_ORDER_STATUSES = Object.values(AutoOrderStatus);
const ownerFilters = {
  memberId: (v: unknown) => ({ memberId: filterId(v) }),
  serviceId: (v: unknown) => ({ serviceId: filterId(v) }),
  createdAt_gte: (v: unknown) => ({ createdAt: { $gte: filterDate(v) } }),
  createdAt_lte: (v: unknown) => ({ createdAt: { $lte: filterDate(v) } }),
};

/** A flag filter's value, or false when malformed (findPage's own filter then answers the 400). */
function filterFlagOrNull(value: unknown): boolean {
  try {
    return filterFlag(value);
  } catch {
    return false;
  }
}

/** The auto-orders list's providerId, read before findPage (it becomes a list of the provider's services). */
function providerFilter(value: unknown): number {
  try {
    return filterId(value);
  } catch (error) {
    if (error instanceof FilterValueError)
      throw new BadRequestException(`목록 필터 'providerId'의 값이 올바르지 않습니다. ${error.message}`);
    throw error;
  }
}

/** Reads: a member's own history and records, and the operator's lists. */
@Injectable()
export class OrderQueries {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly clock: Clock,
    private readonly dispatch: DispatchNotesLookup,
    private readonly refills: Refills,
    private readonly statuses: OrderStatusCache,
  ) {}

  async orderHistory(memberId: number, query: HistoryQuery): Promise<History<OrderHistoryRow>> {
    const status = statusFilter(query.status, Object.values(OrderStatus));
    const { rows, total } = await this.history(Order, memberId, status, query.page);
    const services = await this.catalog.servicesByIds(rows.map((o) => o.serviceId));
    const refills = new Map(
      (rows.length === 0
        ? []
        : await this.em
            .fork()
            .find(Refill, { orderId: { $in: rows.map((o) => o.id) } }, { orderBy: { createdAt: 'ASC', id: 'ASC' } })
      ).map((r) => [r.orderId, r]),
    );
    const held = await this.dispatch.get().heldAmong(
      this.em.fork(),
      rows.filter((o) => o.status === OrderStatus.PENDING && o.upstream).map((o) => o.id),
    );
    const context = { now: this.clock.now(), refillCooldownHours: await this.refills.cooldownHours() };
    const actions = new Map(
      rows.map((o) => [
        o.id,
        memberOrderActions(memberOrderFacts(o, services.get(o.serviceId), refills.get(o.id), held.has(o.id)), context),
      ]),
    );
    return {
      total,
      rows: rows.map((o) => ({
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
        refillable: actions.get(o.id)!.refill.allowed,
        cancelRequested: o.cancelPending,
        cancelRefusal: o.cancelRefusal,
        cancelable: actions.get(o.id)!.cancel.allowed,
        actions: actions.get(o.id)!,
        refill: refills.has(o.id)
          ? (({ id, status, reason, createdAt }: Refill) => ({ id, status, reason, createdAt }))(refills.get(o.id)!)
          : null,
      })),
    };
  }

  async autoOrderHistory(memberId: number, query: HistoryQuery): Promise<History<AutoOrderHistoryRow>> {
    const { ACTIVE, COMPLETED, CANCLED, PARTIAL } = AutoOrderStatus;
    // PARTIAL is shown as completed; the storefront's "canceled" chip may say CANCELED.
    const status = statusFilter(query.status, Object.values(AutoOrderStatus), {
      COMPLETED: [COMPLETED, PARTIAL],
      CANCELED: [CANCLED],
      ACTIVE: [ACTIVE],
    });
    const { rows, total } = await this.history(AutoOrder, memberId, status, query.page);
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

  async orderForMember(memberId: number, orderId: number): Promise<Order | null> {
    return this.em.fork().findOne(Order, { id: orderId, memberId });
  }

  /** The member's orders among `ids` (others' ids are simply absent). */
  /**
   * The member's orders among `ids` as the support desk shows them, each with what the member may do with it
   * (contracts' memberOrderActions); others' ids are absent.
   */
  async orderViewsForMember(memberId: number, ids: number[]): Promise<TicketOrderView<Date>[]> {
    const orders = await this.ordersForMember(memberId, ids);
    if (orders.length === 0) return [];
    const [services, refills, held, cooldown] = await Promise.all([
      this.catalog.servicesByIds(orders.map((o) => o.serviceId)),
      this.refills.latestOf(orders.map((o) => o.id)),
      this.dispatch.get().heldAmong(
        this.em.fork(),
        orders.filter((o) => o.status === OrderStatus.PENDING && o.upstream).map((o) => o.id),
      ),
      this.refills.cooldownHours(),
    ]);
    const context = { now: this.clock.now(), refillCooldownHours: cooldown };
    return orders.map((o) => ({
      id: o.id,
      status: o.status,
      service: services.get(o.serviceId)?.text ?? '',
      link: o.link,
      amount: o.amount,
      createdAt: o.createdAt,
      actions: memberOrderActions(
        memberOrderFacts(o, services.get(o.serviceId), refills.get(o.id), held.has(o.id)),
        context,
      ),
    }));
  }

  async ordersForMember(memberId: number, ids: number[]): Promise<Order[]> {
    if (ids.length === 0) return [];
    return this.em.fork().find(Order, { id: { $in: ids }, memberId }, { orderBy: { id: 'ASC' } });
  }

  /** The member's own orders among these ids as {@link OrderStatusView}s, by id (kept 2 s: a tool polls them twice a second). */
  orderStatusesForMember(memberId: number, ids: number[]): Promise<OrderStatusView[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.statuses.statusesOf(memberId, ids);
  }

  async autoOrderForMember(memberId: number, autoOrderId: number): Promise<AutoOrder | null> {
    return this.em.fork().findOne(AutoOrder, { id: autoOrderId, memberId });
  }

  /** The member's auto-order with the runs started so far (run 1 first), or null. */
  async autoOrderWithRunsForMember(
    memberId: number,
    autoOrderId: number,
  ): Promise<{ autoOrder: AutoOrder; runs: Order[] } | null> {
    const em = this.em.fork();
    const autoOrder = await em.findOne(AutoOrder, { id: autoOrderId, memberId });
    if (!autoOrder) return null;
    return { autoOrder, runs: await em.find(Order, { autoOrderId, memberId }, { orderBy: { runNumber: 'ASC' } }) };
  }

  /** The console's orders, each with what it cost upstream (`cost`, won as decimal text; null: unknown). */
  async ordersPage(query: ListQuery): Promise<Page<OrderWithCost>> {
    const page = await this.ordersOnly(query);
    const costs = await this.dispatch.get().costsOf(page.rows);
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
        ? await this.dispatch.get().needingCheck()
        : null;
    return findPage(this.em.fork(), Order, 'orders', query, {
      sortable: ['id', 'createdAt', 'updatedAt', 'status', 'point', 'amount', 'memberId', 'serviceId', 'providerId'],
      filters: {
        ...ownerFilters,
        status: (v) => ({ status: { $in: filterOneOrMany(ORDER_STATUSES, v) } }),
        providerId: (v) => ({ providerId: filterId(v) }),
        autoOrderId: (v) => ({ autoOrderId: filterId(v) }),
        // Fulfilment could not tell whether the provider took it: an operator checks, then resends or links.
        // Or a running order the provider said something about that maps to no state (flagged [확인 필요]).
        needsCheck: (v) =>
          filterFlag(v) && check
            ? {
                $or: [
                  { status: OrderStatus.PENDING, providerId: { $ne: null }, id: { $in: check.held } },
                  { status: { $in: [OrderStatus.PROCESSING, OrderStatus.INPROGRESS] }, id: { $in: check.flagged } },
                ],
              }
            : {},
        q: (v) => ({ link: contains(v) }),
      },
    });
  }

  async autoOrdersPage(query: ListQuery): Promise<Page<AutoOrder>> {
    const { providerId, ...filter } = query.filter;
    // An auto-order's provider is its service's.
    const provider =
      providerId === undefined || providerId === null || providerId === '' ? null : providerFilter(providerId);
    const providerServices =
      provider === null
        ? null
        : (await this.catalog.listServices({ includeHidden: true }))
            .filter((s) => s.providerId === provider)
            .map((s) => s.id);
    return findPage(
      this.em.fork(),
      AutoOrder,
      'auto-orders',
      { ...query, filter: providerServices ? { ...filter, providerServices } : filter },
      {
        sortable: ['id', 'createdAt', 'updatedAt', 'status', 'point', 'nextRunAt', 'memberId', 'serviceId'],
        filters: {
          ...ownerFilters,
          status: (v) => ({ status: { $in: filterOneOrMany(AUTO_ORDER_STATUSES, v) } }),
          providerServices: () => ({ serviceId: { $in: providerServices ?? [] } }),
        },
      },
    );
  }

  /**
   * The operator dashboard's order figures: orders since `since` by status, orders since `todayStart`,
   * open orders carrying a provider error, and open orders untouched since `stuckBefore`.
   */
  async dashboardStats(since: Date, todayStart: Date, stuckBefore: Date): Promise<OrderDashboardStats> {
    const em = this.em.fork();
    const open = { status: { $in: [OrderStatus.PENDING, OrderStatus.PROCESSING, OrderStatus.INPROGRESS] } };
    const noted = await this.dispatch.get().withNote();
    const [byStatus, today, providerErrors, stuck] = await Promise.all([
      em.execute<{ status: OrderStatus; count: number }[]>(
        'select status, count(*)::int as count from service_order where created_at >= ? group by status',
        [since],
      ),
      em.count(Order, { createdAt: { $gte: todayStart } }),
      noted.length === 0 ? 0 : em.count(Order, { ...open, id: { $in: noted } }),
      em.count(Order, { ...open, updatedAt: { $lt: stuckBefore } }),
    ]);
    return { byStatus, today, providerErrors, stuck };
  }

  /** The dashboard's profit report: every order placed in [from, to), with what it was paid and refunded. */
  async ordersForProfit(from: Date, to: Date): Promise<ProfitOrder[]> {
    const rows = await this.em.fork().execute<
      {
        id: number;
        created_at: Date;
        member_id: number;
        service_id: number;
        provider_id: number | null;
        status: string;
        amount: number;
        remains: number | null;
        point: string;
        refunded: string;
      }[]
    >(
      `select id, created_at, member_id, service_id, provider_id, status, amount, remains, point, refunded
       from service_order where created_at >= ? and created_at < ? order by id`,
      [from, to],
    );
    return rows.map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      memberId: r.member_id,
      serviceId: r.service_id,
      providerId: r.provider_id,
      status: r.status,
      amount: r.amount,
      remains: r.remains,
      point: BigInt(r.point),
      refunded: BigInt(r.refunded),
    }));
  }

  async order(id: number): Promise<OrderWithCost> {
    const order = await this.em.fork().findOne(Order, { id });
    if (!order) throw new NotFoundError('주문을 찾을 수 없습니다.');
    return withCost(order, (await this.dispatch.get().costsOf([order])).get(id) ?? null);
  }

  async autoOrder(id: number): Promise<AutoOrder> {
    const auto = await this.em.fork().findOne(AutoOrder, { id });
    if (!auto) throw new NotFoundError('주문을 찾을 수 없습니다.');
    return auto;
  }

  /** The member's rows of the last 3 months, newest first, of a status if given; one page of 10 when a page is asked for. */
  private async history<T extends Order | AutoOrder>(
    entity: new () => T,
    memberId: number,
    status: readonly string[] | null,
    page: number | undefined,
  ): Promise<History<T>> {
    const where = {
      memberId,
      createdAt: { $gte: historyStart(this.clock.now()) },
      ...(status ? { status: { $in: status } } : {}),
    } as FilterQuery<T>;
    const orderBy = { createdAt: 'DESC', id: 'DESC' } as const;
    const em = this.em.fork();
    if (page === undefined) {
      const rows = await em.find(entity, where, { orderBy: orderBy as never });
      return { rows, total: rows.length };
    }
    const [rows, total] = await em.findAndCount(entity, where, {
      orderBy: orderBy as never,
      limit: ORDER_HISTORY_PAGE_SIZE,
      offset: (page - 1) * ORDER_HISTORY_PAGE_SIZE,
    });
    return { rows, total };
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
