export { CatalogModule } from './catalog.module.js';
export {
  CatalogFacade,
  termsKey,
  type PriceSyncChanges,
  type ProviderServiceInput,
  type UpstreamTerms,
} from './application/catalog.facade.js';
export type { Platform } from './domain/platform.entity.js';
export type { Category } from './domain/category.entity.js';
export type { Service, ServiceProps } from './domain/service.entity.js';
export { ServiceChangeLog, type DigestEntry, type ServiceChangeAdminRow } from './application/service-change-log.js';
export type { ServiceChange } from './domain/service-change.entity.js';
export { ServiceAverageTimes } from './application/ports.js';
