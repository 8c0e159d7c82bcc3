import { adminCrudController } from '../../../shared/index.js';
import { CurrentOperator, OperatorGuard } from '../../auth/index.js';
import { CATEGORIES, PLATFORMS, SERVICES } from '../application/catalog-resources.js';

const operators = { guard: OperatorGuard, actor: CurrentOperator, permission: 'catalog' } as const;

/** /api/admin/platforms, categories and services (ra-data-simple-rest, operators only). */
export const ADMIN_CATALOG_CONTROLLERS = [
  adminCrudController(PLATFORMS, operators),
  adminCrudController(CATEGORIES, operators),
  adminCrudController(SERVICES, operators),
];
