import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../../shared/index.js';

/** An order a coupon code is entered for, before it exists. */
export interface CouponedOrder {
  memberId: number;
  code: string;
  serviceId: number;
  categoryId: number;
  /** The order's cost, whole won. */
  price: bigint;
}

/**
 * What ordering asks of the coupons module (which imports ordering, so it provides the port): in the
 * order's transaction, use the code on the order (its use row and its COUPON ledger credit) and then
 * name the order the use paid for.
 */
export abstract class OrderCoupons {
  /** Counts a member's code attempt (throttled as a password is); before the order's transaction. */
  abstract attempt(memberId: number): Promise<void>;
  /** Refuses with the Korean reason, else answers the use and the won it takes off. */
  abstract useOnOrder(tx: EntityManager, order: CouponedOrder): Promise<{ useId: number; discount: bigint }>;
  abstract attachOrder(tx: EntityManager, useId: number, orderId: number): Promise<void>;
}

/** The port as the coupons module registers it; without that module a code is refused. */
@Injectable()
export class OrderCouponsLookup {
  private coupons?: OrderCoupons;

  constructor(private readonly moduleRef: ModuleRef) {}

  get(): OrderCoupons {
    if (!this.coupons) {
      try {
        this.coupons = this.moduleRef.get(OrderCoupons, { strict: false });
      } catch {
        throw new DomainError('COUPON_UNAVAILABLE');
      }
    }
    return this.coupons;
  }
}
