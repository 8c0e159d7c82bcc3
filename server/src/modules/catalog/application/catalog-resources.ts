import {
  categoryInputSchema,
  platformInputSchema,
  serviceInputSchema,
  type CategoryInput,
  type PlatformInput,
  type ServiceInput,
} from '../../../contracts/index.js';
import {
  flagOf,
  idOf,
  keyedIds,
  numberedIds,
  searchIn,
  filterString,
  type AdminResource,
} from '../../../shared/index.js';
import { Category } from '../domain/category.entity.js';
import { Platform } from '../domain/platform.entity.js';
import { Service } from '../domain/service.entity.js';

/** A malformed catalogue id has always answered as a missing record. */
const ids = numberedIds({ status: 404 });

/**
 * The operator's catalogue at /api/admin/platforms|categories|services. A PUT is checked as the whole
 * record it makes (a service's min ≤ max across stored and sent fields). A platform or category that
 * others reference cannot be deleted: the foreign keys keep that rule, `inUse` words it.
 */
export const PLATFORMS: AdminResource<Platform, PlatformInput, PlatformInput> = {
  name: 'platforms',
  entity: Platform,
  ids: keyedIds(/^[a-z0-9-]{2,32}$/, 50),
  create: platformInputSchema,
  update: { check: 'record', schema: platformInputSchema },
  build: (input) => new Platform(input),
  apply: (row, { id: _id, ...input }) => Object.assign(row, input),
  sortable: ['sortOrder', 'id', 'text'],
  filters: { q: searchIn('text'), visible: flagOf('visible') },
  refusals: { duplicate: 'CATALOG_DUPLICATE', inUse: 'CATALOG_IN_USE' },
};

export const CATEGORIES: AdminResource<Category, CategoryInput, CategoryInput> = {
  name: 'categories',
  entity: Category,
  ids,
  create: categoryInputSchema,
  update: { check: 'record', schema: categoryInputSchema },
  build: (input) => new Category(input),
  apply: (row, input) => Object.assign(row, input),
  sortable: ['sortOrder', 'id', 'text', 'platform'],
  filters: { q: searchIn('text'), platform: (v) => ({ platform: filterString(v, 50) }) },
  refusals: { duplicate: 'CATALOG_DUPLICATE', inUse: 'CATALOG_IN_USE', missingParent: 'CATALOG_PLATFORM' },
};

export const SERVICES: AdminResource<Service, ServiceInput, ServiceInput> = {
  name: 'services',
  entity: Service,
  ids,
  create: serviceInputSchema,
  update: { check: 'record', schema: serviceInputSchema },
  build: (input) => {
    const service = new Service(input);
    service.anchorMarkup();
    return service;
  },
  // The operator setting the price, the rate or the rule sets the markup KEEP_MARKUP keeps from then on.
  apply: (row, input) => {
    const before = [row.point, row.providerRate, row.priceRule];
    row.apply(input);
    if (before.some((value, i) => value !== [row.point, row.providerRate, row.priceRule][i])) row.anchorMarkup();
  },
  sortable: ['sortOrder', 'id', 'text', 'point', 'categoryId', 'providerId'],
  filters: {
    q: searchIn('text'),
    categoryId: idOf('categoryId'),
    providerId: idOf('providerId'),
    visible: flagOf('visible'),
    enableAuto: flagOf('enableAuto'),
    isReadOnly: flagOf('isReadOnly'),
  },
  refusals: { duplicate: 'CATALOG_DUPLICATE', inUse: 'CATALOG_IN_USE', missingParent: 'CATALOG_CATEGORY' },
};
