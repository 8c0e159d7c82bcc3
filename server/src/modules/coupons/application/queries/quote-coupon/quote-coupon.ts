import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { memberUnitPrice, orderCost, type CouponQuote, type CouponQuoteInput } from '../../../../../contracts/index.js';
import { Clock, DomainError } from '../../../../../shared/index.js';
import { CatalogFacade } from '../../../../catalog/index.js';
import { PricingFacade } from '../../../../pricing/index.js';
import { SettingsService } from '../../../../settings/index.js';
import { findCoupon, usesBy } from '../../coupon-uses.js';
import { CouponThrottle } from '../../coupon-throttle.js';

@Injectable()
export class QuoteCoupon {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly catalog: CatalogFacade,
    private readonly pricing: PricingFacade,
    private readonly settings: SettingsService,
    private readonly throttle: CouponThrottle,
  ) {}

  /** What a code takes off an order of `amount` of a service at the member's price; nothing is used. */
  async execute(memberId: number, input: CouponQuoteInput): Promise<CouponQuote> {
    await this.settings.assertOpen();
    await this.throttle.attempt(memberId);
    const service = await this.catalog.getService(input.serviceId);
    if (!service || !service.visible) throw new DomainError('COUPON_NOT_FOR_SERVICE');
    const price = orderCost(
      memberUnitPrice(service.point, service.id, await this.pricing.pricingOf(memberId)),
      input.amount,
      0,
    );
    const em = this.em.fork();
    const { coupon, codeRow } = await findCoupon(em, input.code, false);
    const discount = coupon.worth(
      { kind: 'order', serviceId: service.id, categoryId: service.categoryId, price },
      this.clock.now(),
      await usesBy(em, coupon.id, memberId),
    );
    if (codeRow.singleUse && codeRow.usedAt) throw new DomainError('COUPON_USED');
    return {
      couponName: coupon.name,
      price: Number(price),
      discount: Number(discount),
      total: Number(price - discount),
    };
  }
}
