import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CouponRedeemed } from '../../../../../contracts/index.js';
import { Clock } from '../../../../../shared/index.js';
import { SettingsService } from '../../../../settings/index.js';
import { LedgerKind, WalletFacade } from '../../../../wallet/index.js';
import { couponUseReference, useCoupon } from '../../coupon-uses.js';
import { CouponThrottle } from '../../coupon-throttle.js';

@Injectable()
export class RedeemCoupon {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly wallet: WalletFacade,
    private readonly settings: SettingsService,
    private readonly throttle: CouponThrottle,
  ) {}

  /** A POINTS code from the account page: its points credited, once. */
  async execute(memberId: number, code: string): Promise<CouponRedeemed> {
    // 점검 모드 refuses redemptions as it refuses orders and charges, with the operator's message.
    await this.settings.assertOpen();
    await this.throttle.attempt(memberId);
    return this.em.fork().transactional(async (tx) => {
      const charged = await this.wallet.chargedTotal(tx, memberId);
      const { coupon, use } = await useCoupon(tx, this.clock.now(), memberId, code, { kind: 'points', charged });
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
}
