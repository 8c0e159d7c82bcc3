import { WonType } from '../../../shared/index.js';
import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * A member's cached point balance. Written only by the wallet's conditional statements (never
 * read-then-write); the CHECK makes a negative balance impossible whatever the code does.
 */
@Entity({ tableName: 'point_account' })
@Check({ name: 'point_account_balance_non_negative', expression: 'balance >= 0' })
export class PointAccount {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @Property({ type: new WonType(), default: 0 })
  balance: bigint = 0n;

  @Property({ type: 'integer', default: 0 })
  version: number = 0;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
