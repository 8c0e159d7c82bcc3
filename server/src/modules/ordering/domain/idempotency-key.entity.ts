import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A member's `Idempotency-Key` on order placement: the request's fingerprint and the first answer.
 * Written in the placing transaction, so a key exists exactly when its order (and debit) does.
 */
@Entity({ tableName: 'order_idempotency_key' })
export class IdempotencyKey {
  @PrimaryKey({ type: 'integer' })
  memberId!: number;

  @PrimaryKey({ type: 'string', length: 100 })
  key!: string;

  /** sha256 of the parsed request. */
  @Property({ type: 'string', length: 64 })
  fingerprint!: string;

  @Property({ type: 'json' })
  response!: unknown;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
