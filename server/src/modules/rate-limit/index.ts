export { RateLimitModule } from './rate-limit.module.js';
export { perSecond, perWindow, RateBuckets, type BucketRule, type Taken } from './application/rate-buckets.js';
export type { RateBucket } from './domain/rate-bucket.entity.js';
