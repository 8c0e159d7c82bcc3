import { BigIntType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The v2 rate limit of one member's API key as a GCRA bucket: `tat` (milliseconds since the epoch) is
 * when the bucket would be empty again. One row per member, moved with one conditional upsert
 * (V2RateLimiter), so every replica shares it.
 */
@Entity({ tableName: 'reseller_api_rate' })
export class ApiRateBucket {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @Property({ type: new BigIntType('bigint') })
  tat!: bigint;
}
