import { Injectable } from '@nestjs/common';
import { HandlesCommand } from '../../../../shared/index.js';
import { AttachCouponOrder, CountCouponAttempt, UseCouponOnOrder } from '../../../ordering/index.js';
import { CouponsFacade } from '../coupons.facade.js';

/** Runs ordering's coupon commands in the order's transaction (ordering cannot import coupons). */
@Injectable()
export class UseCouponsOnOrders {
  constructor(private readonly coupons: CouponsFacade) {}

  @HandlesCommand(CountCouponAttempt.key)
  attempt({ memberId }: CountCouponAttempt): Promise<void> {
    return this.coupons.attempt(memberId);
  }

  @HandlesCommand(UseCouponOnOrder.key)
  useOnOrder({ tx, order }: UseCouponOnOrder): Promise<{ useId: number; discount: bigint }> {
    return this.coupons.useOnOrder(tx, order);
  }

  @HandlesCommand(AttachCouponOrder.key)
  attachOrder({ tx, useId, orderId }: AttachCouponOrder): Promise<void> {
    return this.coupons.attachOrder(tx, useId, orderId);
  }
}
