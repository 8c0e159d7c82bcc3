export { ResellerApiModule } from './reseller-api.module.js';
export type { ApiRateBucket } from './domain/api-rate-bucket.entity.js';
