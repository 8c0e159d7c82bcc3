import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { couponCreateSchema, couponUpdateSchema } from '../../../../../contracts/index.js';
import { Clock, DomainError, NotFoundError } from '../../../../../shared/index.js';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { Coupon, CouponCode } from '../../../domain/coupon.entity.js';
import { newCouponCode } from '../../coupon-codes.js';
import { couponFields, couponView, type CouponView } from '../../coupon-view.js';
import { ListCoupons } from '../../queries/list-coupons/list-coupons.js';

/** The operator writes a coupon (create, update) and its batches of single-use codes, audited. */
@Injectable()
export class WriteCoupon {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly coupons: ListCoupons,
  ) {}

  async create(body: unknown, actor: AuditActor): Promise<CouponView> {
    const input = couponCreateSchema.parse(body);
    const coupon = await this.write(async (tx) => {
      const now = this.clock.now();
      const coupon = Object.assign(new Coupon(), couponFields(input), {
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
    return couponView(coupon, 0);
  }

  /** A PUT is the whole record it makes (the stored one with the body over it); kind and codes stay. */
  async update(id: number, body: unknown, actor: AuditActor): Promise<CouponView> {
    await this.write(async (tx) => {
      const coupon = await tx.findOne(Coupon, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!coupon) throw new NotFoundError('COUPON_NOT_FOUND');
      const before = couponView(coupon, 0);
      const sent = typeof body === 'object' && body !== null ? body : {};
      const input = couponUpdateSchema.parse({ ...before, ...sent, kind: coupon.kind });
      Object.assign(coupon, couponFields(input), { updatedAt: this.clock.now() });
      await tx.flush();
      this.audit.record(tx, actor, { action: 'update', resource: 'coupons', resourceId: id, before, after: coupon });
    });
    return this.coupons.getOne(id);
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

  private async write<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    try {
      return await this.em.fork().transactional(work);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('COUPON_DUPLICATE_CODE');
      throw error;
    }
  }
}
