import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../../../shared/index.js';
import { DispatchCommandSender } from '../../upstream-dispatch.port.js';
import { Order } from '../../../domain/order.entity.js';
import { withCost, type OrderWithCost } from '../list-orders/list-orders.js';

/** One order as the console shows it, with what it cost upstream. */
@Injectable()
export class GetOrder {
  constructor(
    private readonly em: EntityManager,
    private readonly dispatch: DispatchCommandSender,
  ) {}

  async execute(id: number): Promise<OrderWithCost> {
    const order = await this.em.fork().findOne(Order, { id });
    if (!order) throw new NotFoundError('ORDER_NOT_FOUND');
    return withCost(order, (await this.dispatch.costsOf([order])).get(id) ?? null);
  }
}
