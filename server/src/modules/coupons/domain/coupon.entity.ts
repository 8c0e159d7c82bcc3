import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { COUPON_KINDS, type CouponKind, type ErrorCode } from '../../../contracts/index.js';
import { DomainError, WonType } from '../../../shared/index.js';

/** What a use is for: points on the account page, or a discount on one order of a service. */
export type CouponPurpose =
  { kind: 'points'; charged: bigint } | { kind: 'order'; serviceId: number; categoryId: number; price: bigint };

/**
 * A coupon an operator runs: what it gives, when, how often and on what. Its codes (a shared one, or a
 * batch of single-use ones) are {@link CouponCode}s; each use a {@link CouponUse}. `usesCount` and
 * `givenTotal` are kept with each use under the coupon's row lock, so limits hold under parallel uses.
 */
@Entity({ tableName: 'coupon' })
export class Coupon {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Enum({ items: [...COUPON_KINDS] })
  kind!: CouponKind;

  /** POINTS and FIXED: won; PERCENT: 1–100. */
  @Property({ type: new WonType() })
  value!: bigint;

  @Property({ type: new WonType(), nullable: true })
  maxDiscount: bigint | null = null;

  @Property({ type: new WonType() })
  minAmount: bigint = 0n;

  @Property({ type: 'datetime', nullable: true })
  startsAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  endsAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  totalLimit: number | null = null;

  @Property({ type: 'integer' })
  perMemberLimit: number = 1;

  /** Empty: every service. */
  @Property({ type: 'json' })
  serviceIds: number[] = [];

  @Property({ type: 'json' })
  categoryIds: number[] = [];

  @Property({ type: 'boolean' })
  enabled: boolean = true;

  /** The shared code members type, if any (kept also as a code row, where codes are looked up). */
  @Property({ type: 'string', length: 32, nullable: true })
  code: string | null = null;

  @Property({ type: 'integer' })
  usesCount: number = 0;

  /** Won given away: points credited and discounts taken off. */
  @Property({ type: new WonType() })
  givenTotal: bigint = 0n;

  @Property({ type: 'integer' })
  codesCount: number = 0;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime' })
  updatedAt!: Date;

  /**
   * What one more use by a member who used it `memberUses` times gives, in won; a refusal with its
   * Korean reason otherwise. Nothing is changed.
   */
  worth(purpose: CouponPurpose, now: Date, memberUses: number): bigint {
    const refuse = (code: ErrorCode) => {
      throw new DomainError(code);
    };
    if (!this.enabled) refuse('COUPON_DISABLED');
    if (this.startsAt && now < this.startsAt) refuse('COUPON_NOT_STARTED');
    if (this.endsAt && now >= this.endsAt) refuse('COUPON_EXPIRED');
    if (this.totalLimit !== null && this.usesCount >= this.totalLimit) refuse('COUPON_EXHAUSTED');
    if (memberUses >= this.perMemberLimit) refuse('COUPON_PER_MEMBER');
    if (purpose.kind === 'points') {
      if (this.kind !== 'POINTS') refuse('COUPON_DISCOUNT_ON_REDEEM');
      if (purpose.charged < this.minAmount) refuse('COUPON_MIN_AMOUNT');
      return this.value;
    }
    if (this.kind === 'POINTS') refuse('COUPON_POINTS_ON_ORDER');
    const limited = this.serviceIds.length > 0 || this.categoryIds.length > 0;
    if (limited && !this.serviceIds.includes(purpose.serviceId) && !this.categoryIds.includes(purpose.categoryId))
      refuse('COUPON_NOT_FOR_SERVICE');
    if (purpose.price < this.minAmount) refuse('COUPON_MIN_AMOUNT');
    let off = this.kind === 'FIXED' ? this.value : (purpose.price * this.value) / 100n;
    if (this.kind === 'PERCENT' && this.maxDiscount !== null && off > this.maxDiscount) off = this.maxDiscount;
    // Never more than the order: a coupon is never paid out in cash.
    if (off > purpose.price) off = purpose.price;
    if (off <= 0n) refuse('COUPON_NO_DISCOUNT');
    return off;
  }
}

/** A code of a coupon: the shared one (many uses) or one of a batch (single use). Codes are unique across coupons. */
@Entity({ tableName: 'coupon_code' })
@Unique({ name: 'coupon_code_code', properties: ['code'] })
@Index({ name: 'coupon_code_coupon', properties: ['couponId', 'id'] })
export class CouponCode {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  couponId!: number;

  @Property({ type: 'string', length: 32 })
  code!: string;

  @Property({ type: 'boolean' })
  singleUse!: boolean;

  @Property({ type: 'datetime', nullable: true })
  usedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}

/**
 * One use of a coupon by a member: the ledger's COUPON entry references it (`coupon-use`, id). An order
 * discount names its order. A single-use code has at most one use (a partial unique index).
 */
@Entity({ tableName: 'coupon_use' })
@Index({ name: 'coupon_use_coupon', properties: ['couponId', 'id'] })
@Index({ name: 'coupon_use_member', properties: ['couponId', 'memberId'] })
export class CouponUse {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  couponId!: number;

  @Property({ type: 'integer' })
  codeId!: number;

  @Property({ type: 'boolean' })
  singleUse!: boolean;

  @Property({ type: 'integer' })
  memberId!: number;

  /** The order it discounted; null for points. */
  @Property({ type: 'integer', nullable: true })
  orderId: number | null = null;

  /** Won given: points credited or taken off the order. */
  @Property({ type: new WonType() })
  amount!: bigint;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
