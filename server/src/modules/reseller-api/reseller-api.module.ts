import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { IdentityModule } from '../identity/index.js';
import { OrderingModule } from '../ordering/index.js';
import { PricingModule } from '../pricing/index.js';
import { RateLimitModule } from '../rate-limit/index.js';
import { WalletModule } from '../wallet/index.js';
import { ResellerApi } from './application/reseller-api.service.js';
import { V2RateLimiter } from './application/v2-rate-limiter.js';
import { ResellerV2 } from './application/v2-calls.js';
import { ApiKeyGuard } from './http/api-key.guard.js';
import { OpenApiController } from './http/openapi.js';
import { ResellerV1Controller } from './http/v1.controller.js';
import { ResellerV2Controller, V2ErrorShape } from './http/v2.controller.js';

/** The public reseller APIs: docs/product.md §7's v1 (`/api/v1/...`) and the SMM panel API v2 (`POST /api/v2`). */
@Module({
  imports: [IdentityModule, CatalogModule, OrderingModule, WalletModule, PricingModule, RateLimitModule],
  controllers: [ResellerV1Controller, ResellerV2Controller, OpenApiController],
  providers: [ResellerApi, ResellerV2, ApiKeyGuard, V2ErrorShape, V2RateLimiter],
})
export class ResellerApiModule {}
