import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  couponCreateSchema,
  couponUpdateSchema,
  memberUnitPrice,
  orderCost,
  type CouponCreateInput,
  type CouponQuote,
  type CouponQuoteInput,
  type CouponRedeemed,
} from '../../../contracts/index.js';
import {
  Clock,
  DomainError,
  findPage,
  flagOf,
  idOf,
  NotFoundError,
  searchIn,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { CatalogFacade } from '../../catalog/index.js';
import type { CouponedOrder, OrderCoupons } from '../../ordering/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { SettingsService } from '../../settings/index.js';
import { LedgerKind, WalletFacade } from '../../wallet/index.js';
import { Coupon, CouponCode, CouponUse, type CouponPurpose } from '../domain/coupon.entity.js';
import { newCouponCode } from './coupon-codes.js';
import { CouponThrottle } from './coupon-throttle.js';

/** The ledger reference of a use: (COUPON, coupon-use, id) is unique, so a use is credited once. */
export const couponUseReference = (id: number) => ({ type: 'coupon-use', id });

/** A coupon as the console reads it (money as numbers, with the orders it brought). */
export interface CouponView {
  id: number;
  name: string;
  kind: string;
  value: number;
  maxDiscount: number | null;
  minAmount: number;
  startsAt: string | null;
  endsAt: string | null;
  totalLimit: number | null;
  perMemberLimit: number;
  serviceIds: number[];
  categoryIds: number[];
  enabled: boolean;
  code: string | null;
  usesCount: number;
  givenTotal: number;
  codesCount: number;
  ordersCount: number;
  createdAt: string;
  updatedAt: string;
}

const COUPON_SORTS = ['id', 'createdAt', 'name', 'usesCount', 'givenTotal'] as const;

/**
 * Coupons: the operator's resource and batches, a member's redemption (points) and quote, and the order
 * port (a discount). Every use runs under the coupon's row lock, so total, per-member and single-use limits
 * hold whatever runs in parallel; its won is one COUPON ledger entry referencing the use.
 */
@Injectable()
export class CouponsFacade implements OrderCoupons {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly wallet: WalletFacade,
    private readonly audit: AuditFacade,
    private readonly catalog: CatalogFacade,
    private readonly pricing: PricingFacade,
    private readonly settings: SettingsService,
    private readonly throttle: CouponThrottle,
  ) {}

  // ---- members

  /** A POINTS code from the account page: its points credited, once. */
  async redeem(memberId: number, code: string): Promise<CouponRedeemed> {
    await this.refuseDuringServiceCheck();
    await this.throttle.attempt(memberId);
    return this.em.fork().transactional(async (tx) => {
      const charged = await this.wallet.chargedTotal(tx, memberId);
      const { coupon, use } = await this.use(tx, memberId, code, { kind: 'points', charged });
      const moved = await this.wallet.credit(tx, {
        memberId,
        amount: use.amount,
        kind: LedgerKind.COUPON,
        reference: couponUseReference(use.id),
        memo: `쿠폰 ${coupon.name} 적립`,
      });
      return { couponName: coupon.name, points: Number(use.amount), balance: Number(moved.balanceAfter ?? 0n) };
    });
  }

  /** What a code takes off an order of `amount` of a service at the member's price; nothing is used. */
  async quote(memberId: number, input: CouponQuoteInput): Promise<CouponQuote> {
    await this.refuseDuringServiceCheck();
    await this.throttle.attempt(memberId);
    const service = await this.catalog.getService(input.serviceId);
    if (!service || !service.visible) throw new DomainError('COUPON_NOT_FOR_SERVICE');
    const price = orderCost(
      memberUnitPrice(service.point, service.id, await this.pricing.pricingOf(memberId)),
      input.amount,
      0,
    );
    const em = this.em.fork();
    const { coupon, codeRow } = await this.find(em, input.code, false);
    const discount = coupon.worth(
      { kind: 'order', serviceId: service.id, categoryId: service.categoryId, price },
      this.clock.now(),
      await this.usesBy(em, coupon.id, memberId),
    );
    if (codeRow.singleUse && codeRow.usedAt) throw new DomainError('COUPON_USED');
    return {
      couponName: coupon.name,
      price: Number(price),
      discount: Number(discount),
      total: Number(price - discount),
    };
  }

  /** The order port: the use and its COUPON credit in the order's transaction (the order debits the full cost). */
  async useOnOrder(tx: EntityManager, order: CouponedOrder): Promise<{ useId: number; discount: bigint }> {
    const { coupon, use } = await this.use(tx, order.memberId, order.code, {
      kind: 'order',
      serviceId: order.serviceId,
      categoryId: order.categoryId,
      price: order.price,
    });
    await this.wallet.credit(tx, {
      memberId: order.memberId,
      amount: use.amount,
      kind: LedgerKind.COUPON,
      reference: couponUseReference(use.id),
      memo: `쿠폰 ${coupon.name} 주문 할인`,
    });
    return { useId: use.id, discount: use.amount };
  }

  attempt(memberId: number): Promise<void> {
    return this.throttle.attempt(memberId);
  }

  async attachOrder(tx: EntityManager, useId: number, orderId: number): Promise<void> {
    await tx.nativeUpdate(CouponUse, { id: useId }, { orderId });
  }

  /** 점검 모드 refuses redemptions as it refuses orders and charges, with the operator's message. */
  private refuseDuringServiceCheck(): Promise<void> {
    return this.settings.assertOpen();
  }

  private async find(em: EntityManager, code: string, lock: boolean): Promise<{ coupon: Coupon; codeRow: CouponCode }> {
    const found = await em.findOne(CouponCode, { code });
    if (!found) throw new DomainError('COUPON_INVALID');
    if (!lock) return { coupon: await em.findOneOrFail(Coupon, found.couponId), codeRow: found };
    // The coupon's row lock serialises its uses; the code is read again under it.
    const coupon = await em.findOneOrFail(Coupon, found.couponId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const codeRow = await em.findOneOrFail(CouponCode, found.id, { refresh: true });
    return { coupon, codeRow };
  }

  private async usesBy(em: EntityManager, couponId: number, memberId: number): Promise<number> {
    return em.count(CouponUse, { couponId, memberId });
  }

  /** One use, under the coupon's lock: the checks, the use row, the coupon's counters. */
  private async use(
    tx: EntityManager,
    memberId: number,
    code: string,
    purpose: CouponPurpose,
  ): Promise<{ coupon: Coupon; use: CouponUse }> {
    const { coupon, codeRow } = await this.find(tx, code, true);
    const now = this.clock.now();
    if (codeRow.singleUse && codeRow.usedAt) throw new DomainError('COUPON_USED');
    const amount = coupon.worth(purpose, now, await this.usesBy(tx, coupon.id, memberId));
    const use = Object.assign(new CouponUse(), {
      couponId: coupon.id,
      codeId: codeRow.id,
      singleUse: codeRow.singleUse,
      memberId,
      amount,
      createdAt: now,
    });
    if (codeRow.singleUse) codeRow.usedAt = now;
    coupon.usesCount += 1;
    coupon.givenTotal += amount;
    await tx.persist(use).flush();
    return { coupon, use };
  }

  // ---- the console

  async page(query: ListQuery): Promise<Page<CouponView>> {
    const page = await findPage(this.em.fork(), Coupon, 'coupons', query, {
      sortable: COUPON_SORTS,
      filters: { q: searchIn('name', 'code'), enabled: flagOf('enabled'), kind: (v) => ({ kind: String(v) as never }) },
    });
    const orders = await this.ordersBrought(page.rows.map((c) => c.id));
    return page.map((c) => this.view(c, orders.get(c.id) ?? 0));
  }

  async getOne(id: number): Promise<CouponView> {
    const coupon = await this.em.fork().findOne(Coupon, id);
    if (!coupon) throw new NotFoundError('COUPON_NOT_FOUND');
    return this.view(coupon, (await this.ordersBrought([id])).get(id) ?? 0);
  }

  async create(body: unknown, actor: AuditActor): Promise<CouponView> {
    const input = couponCreateSchema.parse(body);
    const coupon = await this.write(async (tx) => {
      const now = this.clock.now();
      const coupon = Object.assign(new Coupon(), this.fields(input), {
        code: input.code,
        createdAt: now,
        updatedAt: now,
      });
      await tx.persist(coupon).flush();
      if (input.code) {
        tx.persist(
          Object.assign(new CouponCode(), { couponId: coupon.id, code: input.code, singleUse: false, createdAt: now }),
        );
        coupon.codesCount = 1;
      }
      await tx.flush();
      this.audit.record(tx, actor, { action: 'create', resource: 'coupons', resourceId: coupon.id, after: coupon });
      return coupon;
    });
    return this.view(coupon, 0);
  }

  /** A PUT is the whole record it makes (the stored one with the body over it); kind and codes stay. */
  async update(id: number, body: unknown, actor: AuditActor): Promise<CouponView> {
    await this.write(async (tx) => {
      const coupon = await tx.findOne(Coupon, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!coupon) throw new NotFoundError('COUPON_NOT_FOUND');
      const before = this.view(coupon, 0);
      const sent = typeof body === 'object' && body !== null ? body : {};
      const input = couponUpdateSchema.parse({ ...before, ...sent, kind: coupon.kind });
      Object.assign(coupon, this.fields(input), { updatedAt: this.clock.now() });
      await tx.flush();
      this.audit.record(tx, actor, { action: 'update', resource: 'coupons', resourceId: id, before, after: coupon });
    });
    return this.getOne(id);
  }

  /** A batch of single-use codes; answers them (the operator hands them out). */
  async addCodes(id: number, count: number, actor: AuditActor): Promise<{ id: number; codes: string[] }> {
    return this.write(async (tx) => {
      const coupon = await tx.findOne(Coupon, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!coupon) throw new NotFoundError('COUPON_NOT_FOUND');
      const now = this.clock.now();
      const codes = new Set<string>();
      while (codes.size < count) codes.add(newCouponCode());
      // 79 bits each: a clash with a stored code is astronomically unlikely, and the unique index refuses it.
      await tx.insertMany(
        CouponCode,
        [...codes].map((code) => ({ couponId: id, code, singleUse: true, usedAt: null, createdAt: now })),
      );
      coupon.codesCount += count;
      coupon.updatedAt = now;
      await tx.flush();
      this.audit.record(tx, actor, {
        action: 'codes',
        resource: 'coupons',
        resourceId: id,
        after: { count, codesCount: coupon.codesCount },
      });
      return { id, codes: [...codes] };
    });
  }

  usesPage(query: ListQuery): Promise<Page<CouponUse>> {
    return findPage(this.em.fork(), CouponUse, 'coupon-uses', query, {
      sortable: ['id', 'createdAt', 'amount'],
      filters: { couponId: idOf('couponId'), memberId: idOf('memberId'), orderId: idOf('orderId') },
    });
  }

  codesPage(query: ListQuery): Promise<Page<CouponCode>> {
    return findPage(this.em.fork(), CouponCode, 'coupon-codes', query, {
      sortable: ['id', 'createdAt'],
      filters: { couponId: idOf('couponId'), singleUse: flagOf('singleUse') },
    });
  }

  private async ordersBrought(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em
      .fork()
      .execute<{ coupon_id: number; orders: string }[]>(
        'select coupon_id, count(order_id) as orders from coupon_use where coupon_id in (?) group by coupon_id',
        [ids],
      );
    return new Map(rows.map((r) => [r.coupon_id, Number(r.orders)]));
  }

  private fields(input: Omit<CouponCreateInput, 'code'>) {
    return {
      name: input.name,
      kind: input.kind,
      value: BigInt(input.value),
      maxDiscount: input.kind === 'PERCENT' && input.maxDiscount !== null ? BigInt(input.maxDiscount) : null,
      minAmount: BigInt(input.minAmount),
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      totalLimit: input.totalLimit,
      perMemberLimit: input.perMemberLimit,
      serviceIds: input.serviceIds,
      categoryIds: input.categoryIds,
      enabled: input.enabled,
    };
  }

  private view(c: Coupon, ordersCount: number): CouponView {
    return {
      id: c.id,
      name: c.name,
      kind: c.kind,
      value: Number(c.value),
      maxDiscount: c.maxDiscount === null ? null : Number(c.maxDiscount),
      minAmount: Number(c.minAmount),
      startsAt: c.startsAt?.toISOString() ?? null,
      endsAt: c.endsAt?.toISOString() ?? null,
      totalLimit: c.totalLimit,
      perMemberLimit: c.perMemberLimit,
      serviceIds: c.serviceIds,
      categoryIds: c.categoryIds,
      enabled: c.enabled,
      code: c.code,
      usesCount: c.usesCount,
      givenTotal: Number(c.givenTotal),
      codesCount: c.codesCount,
      ordersCount,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  }

  private async write<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    try {
      return await this.em.fork().transactional(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('COUPON_DUPLICATE_CODE');
      throw error;
    }
  }
}
