import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CouponQuote, CouponQuoteInput, CouponRedeemed } from '../../../contracts/index.js';
import type { ListQuery, Page } from '../../../shared/index.js';
import type { AuditActor } from '../../audit/index.js';
import type { CouponedOrder, OrderCoupons } from '../../ordering/index.js';
import { CouponCode, CouponUse } from '../domain/coupon.entity.js';
import { RedeemCoupon } from './commands/redeem-coupon/redeem-coupon.js';
import { ApplyCouponToOrder } from './commands/apply-coupon-to-order/apply-coupon-to-order.js';
import { WriteCoupon } from './commands/write-coupon/write-coupon.js';
import { CouponThrottle } from './coupon-throttle.js';
import type { CouponView } from './coupon-view.js';
import { ListCoupons } from './queries/list-coupons/list-coupons.js';
import { QuoteCoupon } from './queries/quote-coupon/quote-coupon.js';

export { couponUseReference } from './coupon-uses.js';
export type { CouponView } from './coupon-view.js';

/**
 * Coupons: the operator's resource and batches, a member's redemption (points) and quote, and the order
 * port (a discount). Every use runs under the coupon's row lock, so total, per-member and single-use limits
 * hold whatever runs in parallel; its won is one COUPON ledger entry referencing the use.
 */
@Injectable()
export class CouponsFacade implements OrderCoupons {
  constructor(
    private readonly throttle: CouponThrottle,
    private readonly redemptions: RedeemCoupon,
    private readonly quotes: QuoteCoupon,
    private readonly orderUses: ApplyCouponToOrder,
    private readonly coupons: ListCoupons,
    private readonly writes: WriteCoupon,
  ) {}

  // ---- members

  /** A POINTS code from the account page: its points credited, once. */
  redeem(memberId: number, code: string): Promise<CouponRedeemed> {
    return this.redemptions.execute(memberId, code);
  }

  /** What a code takes off an order of `amount` of a service at the member's price; nothing is used. */
  quote(memberId: number, input: CouponQuoteInput): Promise<CouponQuote> {
    return this.quotes.execute(memberId, input);
  }

  /** The order port: the use and its COUPON credit in the order's transaction (the order debits the full cost). */
  useOnOrder(tx: EntityManager, order: CouponedOrder): Promise<{ useId: number; discount: bigint }> {
    return this.orderUses.execute(tx, order);
  }

  attempt(memberId: number): Promise<void> {
    return this.throttle.attempt(memberId);
  }

  async attachOrder(tx: EntityManager, useId: number, orderId: number): Promise<void> {
    await tx.nativeUpdate(CouponUse, { id: useId }, { orderId });
  }

  // ---- the console

  page(query: ListQuery): Promise<Page<CouponView>> {
    return this.coupons.page(query);
  }

  getOne(id: number): Promise<CouponView> {
    return this.coupons.getOne(id);
  }

  create(body: unknown, actor: AuditActor): Promise<CouponView> {
    return this.writes.create(body, actor);
  }

  /** A PUT is the whole record it makes (the stored one with the body over it); kind and codes stay. */
  update(id: number, body: unknown, actor: AuditActor): Promise<CouponView> {
    return this.writes.update(id, body, actor);
  }

  /** A batch of single-use codes; answers them (the operator hands them out). */
  addCodes(id: number, count: number, actor: AuditActor): Promise<{ id: number; codes: string[] }> {
    return this.writes.addCodes(id, count, actor);
  }

  usesPage(query: ListQuery): Promise<Page<CouponUse>> {
    return this.coupons.usesPage(query);
  }

  codesPage(query: ListQuery): Promise<Page<CouponCode>> {
    return this.coupons.codesPage(query);
  }
}
