import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../../../shared/index.js';
import { AutoOrder } from '../../../domain/auto-order.entity.js';

/** One auto-order as the console shows it. */
@Injectable()
export class GetAutoOrder {
  constructor(private readonly em: EntityManager) {}

  async execute(id: number): Promise<AutoOrder> {
    const auto = await this.em.fork().findOne(AutoOrder, { id });
    if (!auto) throw new NotFoundError('ORDER_NOT_FOUND');
    return auto;
  }
}
