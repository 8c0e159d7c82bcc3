import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  findPage,
  flagOf,
  idOf,
  NotFoundError,
  searchIn,
  type ListQuery,
  type Page,
} from '../../../../../shared/index.js';
import { Coupon, CouponCode, CouponUse } from '../../../domain/coupon.entity.js';
import { couponView, type CouponView } from '../../coupon-view.js';

const COUPON_SORTS = ['id', 'createdAt', 'name', 'usesCount', 'givenTotal'] as const;

/** The console's coupons, their uses and codes. */
@Injectable()
export class ListCoupons {
  constructor(private readonly em: EntityManager) {}

  async page(query: ListQuery): Promise<Page<CouponView>> {
    const page = await findPage(this.em.fork(), Coupon, 'coupons', query, {
      sortable: COUPON_SORTS,
      filters: { q: searchIn('name', 'code'), enabled: flagOf('enabled'), kind: (v) => ({ kind: String(v) as never }) },
    });
    const orders = await this.ordersBrought(page.rows.map((c) => c.id));
    return page.map((c) => couponView(c, orders.get(c.id) ?? 0));
  }

  async getOne(id: number): Promise<CouponView> {
    const coupon = await this.em.fork().findOne(Coupon, id);
    if (!coupon) throw new NotFoundError('COUPON_NOT_FOUND');
    return couponView(coupon, (await this.ordersBrought([id])).get(id) ?? 0);
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
}
