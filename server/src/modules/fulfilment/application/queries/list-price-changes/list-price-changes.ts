import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PRICE_CHANGE_KINDS, PRICE_CHANGE_STATUSES } from '../../../../../contracts/index.js';
import { filterId, filterOneOrMany, findPage, type ListQuery, type Page } from '../../../../../shared/index.js';
import { PriceChange } from '../../../domain/price-change.entity.js';

/** 가격 변경 내역: what the price sync changed, alerted or holds. */
@Injectable()
export class ListPriceChanges {
  constructor(private readonly em: EntityManager) {}

  page(query: ListQuery): Promise<Page<PriceChange>> {
    return findPage(this.em.fork(), PriceChange, 'price-changes', query, {
      sortable: ['id', 'createdAt', 'providerId', 'serviceId', 'kind'],
      filters: {
        providerId: (v) => ({ providerId: filterId(v) }),
        serviceId: (v) => ({ serviceId: filterId(v) }),
        kind: (v) => ({ kind: { $in: filterOneOrMany(PRICE_CHANGE_KINDS, v) } }),
        status: (v) => ({ status: { $in: filterOneOrMany(PRICE_CHANGE_STATUSES, v) } }),
      },
    });
  }
}
