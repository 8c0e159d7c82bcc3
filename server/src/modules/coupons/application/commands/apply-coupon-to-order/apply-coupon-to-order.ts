import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../shared/index.js';
import type { CouponedOrder } from '../../../../ordering/index.js';
import { LedgerKind, WalletFacade } from '../../../../wallet/index.js';
import { couponUseReference, useCoupon } from '../../coupon-uses.js';

@Injectable()
export class ApplyCouponToOrder {
  constructor(
    private readonly clock: Clock,
    private readonly wallet: WalletFacade,
  ) {}

  /** The order port: the use and its COUPON credit in the order's transaction (the order debits the full cost). */
  async execute(tx: EntityManager, order: CouponedOrder): Promise<{ useId: number; discount: bigint }> {
    const { coupon, use } = await useCoupon(tx, this.clock.now(), order.memberId, order.code, {
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
}
