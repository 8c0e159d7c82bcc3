import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CatalogFacade } from '../../../../catalog/index.js';
import {
  DomainError,
  filterId,
  filterOneOrMany,
  FilterValueError,
  findPage,
  type ListQuery,
  type Page,
} from '../../../../../shared/index.js';
import { AutoOrder, AutoOrderStatus } from '../../../domain/auto-order.entity.js';
import { ownerFilters } from '../console-filters.js';

const AUTO_ORDER_STATUSES = Object.values(AutoOrderStatus);
const SORTABLE = ['id', 'createdAt', 'updatedAt', 'status', 'point', 'nextRunAt', 'memberId', 'serviceId'];

/** The auto-orders list's providerId, read before findPage (it becomes a list of the provider's services). */
function providerFilter(value: unknown): number {
  try {
    return filterId(value);
  } catch (error) {
    if (error instanceof FilterValueError)
      throw new DomainError('LIST_FILTER_INVALID', { key: 'providerId', reason: error.message });
    throw error;
  }
}

/** The console's auto-orders; `providerId` filters by the provider of their service. */
@Injectable()
export class ListAutoOrders {
  constructor(
    private readonly em: EntityManager,
    private readonly catalog: CatalogFacade,
  ) {}

  async execute(query: ListQuery): Promise<Page<AutoOrder>> {
    const { providerId, ...filter } = query.filter;
    const providerServices = await this.servicesOfProvider(providerId);
    return findPage(
      this.em.fork(),
      AutoOrder,
      'auto-orders',
      { ...query, filter: providerServices ? { ...filter, providerServices } : filter },
      {
        sortable: SORTABLE,
        filters: {
          ...ownerFilters,
          status: (v) => ({ status: { $in: filterOneOrMany(AUTO_ORDER_STATUSES, v) } }),
          providerServices: () => ({ serviceId: { $in: providerServices ?? [] } }),
        },
      },
    );
  }

  /** An auto-order's provider is its service's: the ids of the provider's services, or null when not filtered. */
  private async servicesOfProvider(providerId: unknown): Promise<number[] | null> {
    if (providerId === undefined || providerId === null || providerId === '') return null;
    const provider = providerFilter(providerId);
    const services = await this.catalog.listServices({ includeHidden: true });
    return services.filter((s) => s.providerId === provider).map((s) => s.id);
  }
}
