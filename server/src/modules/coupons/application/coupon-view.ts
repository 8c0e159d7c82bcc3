import type { CouponCreateInput } from '../../../contracts/index.js';
import type { Coupon } from '../domain/coupon.entity.js';

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

export function couponView(c: Coupon, ordersCount: number): CouponView {
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

/** The stored fields of a coupon as an operator writes them. */
export function couponFields(input: Omit<CouponCreateInput, 'code'>) {
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
