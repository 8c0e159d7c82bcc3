export { CatalogModule } from './catalog.module.js';
export { CatalogFacade, type ProviderServiceInput } from './application/catalog.facade.js';
export { Platform } from './domain/platform.entity.js';
export { Category } from './domain/category.entity.js';
export { Service, type ServiceProps } from './domain/service.entity.js';
