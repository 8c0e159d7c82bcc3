import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A fixed-window request counter (one row per key, e.g. `login:ip:203.0.113.9`), bumped with one
 * upsert so every replica counts into the same row.
 */
@Entity({ tableName: 'rate_limit_counter' })
export class RateLimitCounter {
  @PrimaryKey({ type: 'string', length: 300 })
  key!: string;

  @Property({ type: 'datetime', index: true })
  windowStart!: Date;

  @Property({ type: 'integer' })
  hits!: number;
}
