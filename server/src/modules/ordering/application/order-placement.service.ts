import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import {
  commentLines,
  isAutoOrder,
  memberUnitPrice,
  orderCost,
  orderProblem,
  orderQuantity,
  type OrderRequest,
} from '../../../contracts/index.js';
import { CatalogFacade, type Service } from '../../catalog/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { SettingsService } from '../../settings/index.js';
import { LedgerKind, WalletFacade } from '../../wallet/index.js';
import { Clock, DomainError, inputRefusal } from '../../../shared/index.js';
import { AutoOrder } from '../domain/auto-order.entity.js';
import { IdempotencyKey } from '../domain/idempotency-key.entity.js';
import { Order } from '../domain/order.entity.js';
import { autoOrderReference, orderReference } from './order-commands.service.js';
import { orderRowFields, paidOrders } from './order-row.js';
import { OrderStatusCache } from './order-status-cache.js';
import { CouponCommandSender } from './order-coupons.port.js';

/** The success card's data (docs/product.md §7: orderId, amount, link, serviceId), the cost, and the auto-order placed if any. */
export interface PlacedOrder {
  orderId: number;
  amount: number;
  link: string;
  serviceId: number;
  /** What was debited, whole won (for an auto-order: all runs). */
  point: bigint;
  autoOrderId: number | null;
  /** Won a coupon took off `point` (only when a code was used). */
  couponDiscount?: bigint;
}

export interface Placement {
  placed: PlacedOrder;
  /** True when an Idempotency-Key's first answer was returned and nothing was done. */
  replayed: boolean;
}

/** The ledger memo of a single order, before its id. */
const SINGLE_ORDER_MEMO = '주문 ';
/** The single orders the wallet inserts with their debits (ledger: `order` references, memo "주문 123"). */
const PAID_SINGLE_ORDERS = paidOrders(orderReference(0).type, SINGLE_ORDER_MEMO);

/** The request as the service's type takes it: the quantity it is for, and the comments kept one per line. */
function typedInput(input: OrderRequest, service: Service): OrderRequest {
  const comments = service.type === 'Custom Comments' ? commentLines(input.comments).join('\n') : '';
  return { ...input, amount: orderQuantity(input, service), comments };
}

/** Another request with the same key committed first: answer with its result. */
class KeyTaken extends Error {}

const fingerprint = (input: OrderRequest): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.serviceId,
        input.link,
        input.amount,
        input.runs,
        input.interval,
        ...(input.comments ? [input.comments] : []),
        ...(input.couponCode ? [input.couponCode] : []),
      ]),
    )
    .digest('hex');

/**
 * Places an order or an auto-order: the docs/product.md §5 rules, then in ONE transaction the order row, the key
 * row (if an Idempotency-Key came) and the debit, which is the balance check. An auto-order pays for all
 * runs up front and starts its first run at once.
 */
@Injectable()
export class OrderPlacement {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
    private readonly settings: SettingsService,
    private readonly wallet: WalletFacade,
    private readonly clock: Clock,
    private readonly pricing: PricingFacade,
    private readonly statuses: OrderStatusCache,
    private readonly coupons: CouponCommandSender,
  ) {}

  /** `input` is already parsed with the contracts' `orderRequestSchema`. */
  async place(memberId: number, input: OrderRequest, idempotencyKey?: string | null): Promise<Placement> {
    const key = idempotencyKey ?? null;
    if (key !== null && (key.length === 0 || key.length > 100)) throw new DomainError('ORDER_IDEMPOTENCY_KEY_INVALID');
    const print = key === null ? '' : fingerprint(input);
    if (key !== null) {
      const prior = await this.prior(memberId, key, print);
      if (prior) return { placed: prior, replayed: true };
    }
    await this.settings.assertOpen();
    const [service, pricing] = await Promise.all([
      this.catalog.getService(input.serviceId),
      this.pricing.pricingOf(memberId),
    ]);
    const platform = service ? await this.catalog.platformOfCategory(service.categoryId) : null;
    const problem = orderProblem(input, service?.visible ? service : null, { platform });
    if (problem) throw inputRefusal(problem.message);
    input = typedInput(input, service!);
    // The member's price (custom rate > level discount > list price), as every price they see.
    const cost = orderCost(memberUnitPrice(service!.point, service!.id, pricing), input.amount, input.runs);
    const couponCode = input.couponCode ?? null;
    if (couponCode !== null && isAutoOrder(input)) throw new DomainError('COUPON_AUTO_ORDER');
    if (couponCode !== null) await this.coupons.attempt(memberId);
    if (key === null && !isAutoOrder(input) && couponCode === null)
      return { placed: await this.placeSingle(memberId, service!, input, cost), replayed: false };
    try {
      const placed = await this.em.fork().transactional(async (tx) => {
        const now = this.clock.now();
        const auto = isAutoOrder(input)
          ? AutoOrder.place({
              memberId,
              serviceId: service!.id,
              link: input.link,
              amount: input.amount,
              runs: input.runs,
              interval: input.interval,
              point: cost,
              now,
            })
          : null;
        if (auto) await tx.persist(auto).flush();
        // The coupon's part is credited (its own ledger entry) before the full cost is debited.
        const coupon =
          couponCode === null
            ? null
            : await this.coupons.useOnOrder(tx, {
                memberId,
                code: couponCode,
                serviceId: service!.id,
                categoryId: service!.categoryId,
                price: cost,
              });
        const order = auto
          ? Order.startRunOf(auto, service!, now)
          : Order.place({
              memberId,
              service: service!,
              link: input.link,
              amount: input.amount,
              comments: input.comments || null,
              point: cost,
              now,
              couponDiscount: coupon?.discount ?? 0n,
            });
        await tx.persist(order).flush();
        if (coupon) await this.coupons.attachOrder(tx, coupon.useId, order.id);
        const placed: PlacedOrder = {
          orderId: order.id,
          amount: input.amount,
          link: input.link,
          serviceId: service!.id,
          point: cost,
          autoOrderId: auto?.id ?? null,
          ...(coupon ? { couponDiscount: coupon.discount } : {}),
        };
        if (key !== null) await this.claimKey(tx, memberId, key, print, placed, now);
        await this.wallet.debit(tx, {
          memberId,
          amount: cost,
          kind: LedgerKind.ORDER,
          reference: auto ? autoOrderReference(auto.id) : orderReference(order.id),
          memo: auto ? `자동주문 ${auto.id} (${input.runs}회 × ${input.amount})` : `${SINGLE_ORDER_MEMO}${order.id}`,
        });
        return placed;
      });
      return { placed, replayed: false };
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      const prior = await this.prior(memberId, key!, print);
      if (!prior) throw new DomainError('ORDER_FAILED');
      return { placed: prior, replayed: true };
    }
  }

  /**
   * The common case (one order, no Idempotency-Key): the order row and its debit in one statement, one
   * round trip instead of a transaction's four. The same entity, the same row, the same ledger entry.
   */
  private async placeSingle(
    memberId: number,
    service: Service,
    input: OrderRequest,
    cost: bigint,
  ): Promise<PlacedOrder> {
    const order = Order.place({
      memberId,
      service,
      link: input.link,
      amount: input.amount,
      comments: input.comments || null,
      point: cost,
      now: this.clock.now(),
    });
    const mark = this.statuses.mark();
    const { id } = await this.wallet.debitForNewRow(
      { memberId, amount: cost, kind: LedgerKind.ORDER },
      PAID_SINGLE_ORDERS,
      orderRowFields(order),
    );
    // A reseller's tool polls the order it has just placed: kept as inserted.
    this.statuses.placed(mark, id, order);
    return {
      orderId: id,
      amount: input.amount,
      link: input.link,
      serviceId: service.id,
      point: cost,
      autoOrderId: null,
    };
  }

  /** The first answer for this key, or null; a different request under the same key is a 422. */
  private async prior(memberId: number, key: string, print: string): Promise<PlacedOrder | null> {
    const row = await this.em.fork().findOne(IdempotencyKey, { memberId, key });
    if (!row) return null;
    if (row.fingerprint !== print) throw new DomainError('ORDER_IDEMPOTENCY_MISMATCH');
    const stored = row.response as Omit<PlacedOrder, 'point'> & { point: number };
    return { ...stored, point: BigInt(stored.point) };
  }

  /**
   * Records the key with the answer. A concurrent request holding the same key makes this statement wait
   * for it; if that one commits, nothing is inserted and this transaction rolls back to replay its answer.
   */
  private async claimKey(
    tx: EntityManager,
    memberId: number,
    key: string,
    print: string,
    placed: PlacedOrder,
    now: Date,
  ): Promise<void> {
    const rows = await tx.execute<unknown[]>(
      `insert into order_idempotency_key (member_id, key, fingerprint, response, created_at) values (?, ?, ?, ?, ?)
       on conflict (member_id, key) do nothing returning member_id`,
      [memberId, key, print, JSON.stringify(placed), now],
    );
    if (rows.length === 0) throw new KeyTaken();
  }
}
