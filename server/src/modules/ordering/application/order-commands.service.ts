import { Injectable } from '@nestjs/common';
import { wrap } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { LedgerKind, WalletFacade, type LedgerEntry, type LedgerReference } from '../../wallet/index.js';
import { Clock, DomainError, NotFoundError } from '../../../shared/index.js';
import {
  cancelVerdict,
  ORDER_ACTION_ERRORS,
  WEBHOOK_ORDER_STATUS,
  type NoticeEvent,
} from '../../../contracts/index.js';
import { memberOrderFacts } from './member-order-facts.js';
import { CatalogFacade } from '../../catalog/index.js';
import { DeliveryFacade, type MemberWebhookEvent, type Notice } from '../../delivery/index.js';
import { DispatchCommandSender } from './upstream-dispatch.port.js';
import { AutoOrder, AutoOrderStatus } from '../domain/auto-order.entity.js';
import { Order, OrderStatus, ORDER_TRANSITIONS, type StatusDetails } from '../domain/order.entity.js';

/** What an upstream provider says about an order. */
export interface UpstreamReport {
  status: OrderStatus;
  startCount?: number | null;
  remains?: number | null;
}

/** An operator command's answer: the record and the ledger entry its refund wrote (if any). */
export interface CommandResult<T> {
  order: T;
  ledgerEntry: LedgerEntry | null;
}

export const orderReference = (id: number): LedgerReference => ({ type: 'order', id });
export const autoOrderReference = (id: number): LedgerReference => ({ type: 'auto-order', id });

/** The customer notice an order's final state sends. */
const ORDER_NOTICES: Partial<Record<OrderStatus, NoticeEvent>> = {
  [OrderStatus.COMPLETED]: 'order.completed',
  [OrderStatus.PARTIAL]: 'order.partial',
  [OrderStatus.CANCELED]: 'order.canceled',
};

/**
 * Every change of an existing order or auto-order: operator commands, upstream reports, a member's
 * cancel. Each locks the row, moves it through its transition table, and pays the refund its final
 * state owes in the same transaction, once: the row lock serialises retries, the terminal state refuses
 * a second move, and the ledger's unique (REFUND, reference) refuses a second credit.
 */
@Injectable()
export class OrderCommands {
  constructor(
    private readonly em: EntityManager,
    private readonly wallet: WalletFacade,
    private readonly audit: AuditFacade,
    private readonly clock: Clock,
    private readonly catalog: CatalogFacade,
    private readonly dispatch: DispatchCommandSender,
    private readonly delivery: DeliveryFacade,
  ) {}

  /**
   * Tells the member of the order's new state in the same transaction: the reseller's `order.updated`
   * webhook (the fields of v2 `status`), in order per order, and at the end the customer's notice.
   */
  private announce(tx: EntityManager, order: Order): Promise<void> {
    return this.announceAll(tx, [order]);
  }

  /** announce for many orders at once: their webhooks in one write, their notices in another. */
  private async announceAll(tx: EntityManager, orders: Order[]): Promise<void> {
    const webhooks: MemberWebhookEvent[] = [];
    const notices: Notice[] = [];
    for (const order of orders) {
      const remains = order.remains ?? order.amount;
      const data = {
        order: order.id,
        status: WEBHOOK_ORDER_STATUS[order.status],
        charge: String(order.point - order.refunded),
        start_count: String(order.startCount ?? 0),
        remains: String(remains),
        currency: 'KRW',
      };
      webhooks.push({
        memberId: order.memberId,
        event: 'order.updated',
        data,
        dedupeKey: `order:${order.id}:${order.status}:${data.start_count}:${data.remains}`,
        sequenceKey: `order:${order.id}`,
      });
      const notice = ORDER_NOTICES[order.status];
      if (notice)
        notices.push({
          memberId: order.memberId,
          event: notice,
          variables: {
            '#{주문번호}': String(order.id),
            '#{수량}': order.amount.toLocaleString('ko-KR'),
            '#{잔여}': remains.toLocaleString('ko-KR'),
            '#{환불}': order.refunded.toLocaleString('ko-KR'),
          },
          dedupeKey: `order:${order.id}:${order.status}`,
        });
    }
    await this.delivery.webhookEventAll(tx, webhooks);
    await this.delivery.noticeAll(tx, notices);
  }

  /** Upstream status for an order, in the caller's transaction; a report it cannot move to (ended, already there, behind) changes nothing. */
  async applyUpstream(
    tx: EntityManager,
    orderId: number,
    report: UpstreamReport,
  ): Promise<{ order: Order; changed: boolean }> {
    return (await this.applyUpstreamMany(tx, [{ orderId, report }]))[0]!;
  }

  /**
   * applyUpstream for many orders in one transaction (a status sync's batch): locked in one statement (in id
   * order, as any two such batches lock), moved one by one, the members told in two writes. Answers in the order given.
   */
  async applyUpstreamMany(
    tx: EntityManager,
    reports: { orderId: number; report: UpstreamReport }[],
  ): Promise<{ order: Order; changed: boolean }[]> {
    const locked = await tx.find(
      Order,
      { id: { $in: reports.map((r) => r.orderId) } },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'ASC' } },
    );
    const orders = new Map(locked.map((order) => [order.id, order]));
    const now = this.clock.now();
    const results: { order: Order; changed: boolean }[] = [];
    // Moved in member order: refunds lock members' accounts, and two batches taking them in one order never wait on each other in a cycle.
    const byMember = reports
      .map((item, at) => ({ ...item, at, memberId: orders.get(item.orderId)?.memberId ?? 0 }))
      .sort((a, b) => a.memberId - b.memberId || a.at - b.at);
    for (const { orderId, report, at } of byMember) {
      const order = orders.get(orderId);
      if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
      const details: StatusDetails = {
        startCount: report.startCount,
        remains:
          report.remains === undefined || report.remains === null
            ? report.remains
            : Math.min(Math.max(report.remains, 0), order.amount),
      };
      const path = ORDER_TRANSITIONS.path(order.status, report.status);
      if (order.isTerminal || !path || path.length === 0) {
        order.noteProgress(details, now);
        results[at] = { order, changed: false };
        continue;
      }
      order.advanceTo(report.status, now, details);
      // Moving into INPROGRESS carries the provider's progress too.
      order.noteProgress(details, now);
      await this.settle(tx, order);
      results[at] = { order, changed: true };
    }
    await this.announceAll(
      tx,
      results.filter((r) => r.changed).map((r) => r.order),
    );
    return results;
  }

  cancel(orderId: number, actor: AuditActor): Promise<CommandResult<Order>> {
    return this.operate(orderId, actor, 'cancel', (order, now) => order.moveTo(OrderStatus.CANCELED, now));
  }

  /** Ends the order short with `remains` undelivered (walking through INPROGRESS if need be). */
  partial(orderId: number, remains: number, actor: AuditActor): Promise<CommandResult<Order>> {
    return this.operate(orderId, actor, 'partial', (order, now) =>
      order.advanceTo(OrderStatus.PARTIAL, now, { remains }),
    );
  }

  setStartCount(orderId: number, startCount: number, actor: AuditActor): Promise<CommandResult<Order>> {
    return this.operate(orderId, actor, 'start-count', (order, now) => order.setStartCount(startCount, now));
  }

  /** One move of the transition table, as the operator chose. */
  setStatus(
    orderId: number,
    status: OrderStatus,
    details: StatusDetails,
    actor: AuditActor,
  ): Promise<CommandResult<Order>> {
    return this.operate(orderId, actor, 'status', (order, now) => order.moveTo(status, now, details));
  }

  /**
   * A member (or reseller) cancels their own order, as contracts' cancelVerdict allows: a PENDING order not
   * being handed to a provider is canceled and refunded; one running with a provider that takes cancels
   * has the request forwarded (fulfilment), and the provider's status (Canceled or Partial) settles it.
   */
  async cancelForMember(memberId: number, orderId: number): Promise<Order> {
    return this.em.fork().transactional(async (tx) => {
      const order = await this.lockOrder(tx, orderId, memberId);
      const held =
        order.status === OrderStatus.PENDING && order.upstream
          ? (await this.dispatch.heldAmong(tx, [order.id])).has(order.id)
          : false;
      const service = await this.catalog.getService(order.serviceId);
      const verdict = cancelVerdict(memberOrderFacts(order, service, null, held));
      if (!verdict.allowed) throw new DomainError(ORDER_ACTION_ERRORS[verdict.code], verdict.reason);
      if (verdict.how === 'forward') {
        order.requestCancel(this.clock.now());
        return order;
      }
      order.moveTo(OrderStatus.CANCELED, this.clock.now());
      await this.settle(tx, order);
      await this.announce(tx, order);
      return order;
    });
  }

  /**
   * A member deleted their account, in the caller's transaction: their PENDING orders not yet handed to
   * a provider are canceled and their ACTIVE auto-orders end (CANCLED), each refunded through the ledger
   * as the ordinary cancels are. Orders already sent (PROCESSING, INPROGRESS) or caught mid-dispatch (the
   * write-ahead mark: the provider may have them) are left to finish or for an operator to check.
   */
  async closeForDeletedMember(
    tx: EntityManager,
    memberId: number,
  ): Promise<{ orders: number[]; autoOrders: number[] }> {
    const now = this.clock.now();
    const autoOrders = await tx.find(
      AutoOrder,
      { memberId, status: AutoOrderStatus.ACTIVE },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'ASC' } },
    );
    for (const auto of autoOrders) await this.refundRuns(tx, auto, auto.cancel(now));
    const pending = await tx.find(
      Order,
      { memberId, status: OrderStatus.PENDING },
      { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'ASC' } },
    );
    // Locked, so the sender cannot claim them now; those it already claimed or holds stay.
    const held = await this.dispatch.heldAmong(
      tx,
      pending.filter((o) => o.upstream).map((o) => o.id),
    );
    const orders = pending.filter((o) => !held.has(o.id));
    for (const order of orders) {
      order.moveTo(OrderStatus.CANCELED, now);
      await this.settle(tx, order);
    }
    await tx.flush();
    return { orders: orders.map((o) => o.id), autoOrders: autoOrders.map((a) => a.id) };
  }

  /** An operator cancels an auto-order (CANCLED): the runs not started are refunded. */
  async cancelAutoOrder(autoOrderId: number, actor: AuditActor): Promise<CommandResult<AutoOrder>> {
    const autoOrder = await this.em.fork().transactional(async (tx) => {
      const auto = await tx.findOne(AutoOrder, { id: autoOrderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!auto) throw new NotFoundError('ORDER_NOT_FOUND');
      const before = wrap(auto).toObject();
      await this.refundRuns(tx, auto, auto.cancel(this.clock.now()));
      this.audit.record(tx, actor, {
        action: 'cancel',
        resource: 'auto-orders',
        resourceId: auto.id,
        before,
        after: auto,
      });
      return auto;
    });
    return {
      order: autoOrder,
      ledgerEntry: await this.wallet.findEntry(LedgerKind.REFUND, autoOrderReference(autoOrder.id)),
    };
  }

  /** The runner found the auto-order's service no longer orderable: it ends PARTIAL, in the runner's transaction. */
  async stopAutoOrder(tx: EntityManager, auto: AutoOrder): Promise<void> {
    await this.refundRuns(tx, auto, auto.stop(this.clock.now()));
  }

  private async refundRuns(tx: EntityManager, auto: AutoOrder, refund: bigint): Promise<void> {
    if (refund === 0n) return;
    const memo = `자동주문 ${auto.id} 미진행 ${auto.runs - auto.completed}회 환불`;
    await this.wallet.credit(tx, {
      memberId: auto.memberId,
      amount: refund,
      kind: LedgerKind.REFUND,
      reference: autoOrderReference(auto.id),
      memo,
    });
  }

  private async operate(
    orderId: number,
    actor: AuditActor,
    action: string,
    change: (order: Order, now: Date) => void,
  ): Promise<CommandResult<Order>> {
    const order = await this.em.fork().transactional(async (tx) => {
      const order = await this.lockOrder(tx, orderId);
      const before = wrap(order).toObject();
      change(order, this.clock.now());
      await this.settle(tx, order);
      await this.announce(tx, order);
      this.audit.record(tx, actor, { action, resource: 'orders', resourceId: order.id, before, after: order });
      return order;
    });
    return { order, ledgerEntry: await this.wallet.findEntry(LedgerKind.REFUND, orderReference(order.id)) };
  }

  private async lockOrder(tx: EntityManager, orderId: number, memberId?: number): Promise<Order> {
    const order = await tx.findOne(Order, memberId === undefined ? { id: orderId } : { id: orderId, memberId }, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
    });
    if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
    return order;
  }

  /** Pays the refund the order's final state owes (nothing for a zero share). */
  private async settle(tx: EntityManager, order: Order): Promise<void> {
    const refund = order.refundDue();
    if (refund === 0n || order.refunded === refund) return;
    order.refunded = refund;
    const memo =
      order.status === OrderStatus.CANCELED
        ? `주문 ${order.id} 취소 환불`
        : `주문 ${order.id} 부분 완료 환불 (잔여 ${order.remains})`;
    await this.wallet.credit(tx, {
      memberId: order.memberId,
      amount: refund,
      kind: LedgerKind.REFUND,
      reference: orderReference(order.id),
      memo,
    });
  }
}
