import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * The login throttle's counters, each bumped by one upsert before the password is checked (so parallel
 * tries see each other): one row per (kind, account, address) with the tries since the last success, and
 * one per account with address `*` counting every address's tries in an hour-long window.
 */
@Entity({ tableName: 'login_counter' })
export class LoginCounter {
  @PrimaryKey({ type: 'string', length: 10 })
  kind!: string;

  @PrimaryKey({ type: 'string', length: 100 })
  loginId!: string;

  @PrimaryKey({ type: 'string', length: 64 })
  ip!: string;

  @Property({ type: 'integer' })
  failures!: number;

  /** The latest try (address rows), the window's start (account rows). */
  @Property({ type: 'datetime', index: true })
  lastAt!: Date;
}
