export { ResellerApiModule } from './reseller-api.module.js';
export { ApiRateBucket } from './domain/api-rate-bucket.entity.js';
