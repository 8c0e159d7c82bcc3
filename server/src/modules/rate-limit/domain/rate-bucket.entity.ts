import { BigIntType } from '@mikro-orm/core';
import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * One rate limit's bucket (a generic cell rate algorithm): `tat` (milliseconds since the epoch) is when
 * the bucket would be full again. Keyed by what is limited (`v2:123`, `login:ip:203.0.113.9`), moved with
 * one conditional upsert (RateBuckets), so every replica counts into the same row.
 */
@Entity({ tableName: 'rate_bucket' })
export class RateBucket {
  @PrimaryKey({ type: 'string', length: 300 })
  key!: string;

  @Property({ type: new BigIntType('bigint') })
  tat!: bigint;
}
