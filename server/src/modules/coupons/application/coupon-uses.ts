import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { DomainError } from '../../../shared/index.js';
import { Coupon, CouponCode, CouponUse, type CouponPurpose } from '../domain/coupon.entity.js';

/** The ledger reference of a use: (COUPON, coupon-use, id) is unique, so a use is credited once. */
export const couponUseReference = (id: number) => ({ type: 'coupon-use', id });

export async function findCoupon(
  em: EntityManager,
  code: string,
  lock: boolean,
): Promise<{ coupon: Coupon; codeRow: CouponCode }> {
  const found = await em.findOne(CouponCode, { code });
  if (!found) throw new DomainError('COUPON_INVALID');
  if (!lock) return { coupon: await em.findOneOrFail(Coupon, found.couponId), codeRow: found };
  // The coupon's row lock serialises its uses; the code is read again under it.
  const coupon = await em.findOneOrFail(Coupon, found.couponId, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const codeRow = await em.findOneOrFail(CouponCode, found.id, { refresh: true });
  return { coupon, codeRow };
}

export async function usesBy(em: EntityManager, couponId: number, memberId: number): Promise<number> {
  return em.count(CouponUse, { couponId, memberId });
}

/** One use, under the coupon's lock: the checks, the use row, the coupon's counters. */
export async function useCoupon(
  tx: EntityManager,
  now: Date,
  memberId: number,
  code: string,
  purpose: CouponPurpose,
): Promise<{ coupon: Coupon; use: CouponUse }> {
  const { coupon, codeRow } = await findCoupon(tx, code, true);
  if (codeRow.singleUse && codeRow.usedAt) throw new DomainError('COUPON_USED');
  const amount = coupon.worth(purpose, now, await usesBy(tx, coupon.id, memberId));
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
