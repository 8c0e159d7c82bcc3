import { Module } from '@nestjs/common';
import { RateBuckets } from './application/rate-buckets.js';

/** The server's one rate-limit mechanism (RateBuckets): identity's per-address and per-account limits, API v2's per-key limit. */
@Module({
  providers: [RateBuckets],
  exports: [RateBuckets],
})
export class RateLimitModule {}
