import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { WonType } from '../../../shared/index.js';

/** A member's place among the levels: the accepted charges so far and the level reached (or set by an operator). */
@Entity({ tableName: 'member_standing' })
export class MemberStanding {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  memberId!: number;

  @Property({ type: 'integer', nullable: true })
  levelId: number | null = null;

  /** Accepted charges so far, whole won. */
  @Property({ type: WonType, default: 0 })
  charged: bigint = 0n;

  /** Set by an operator: it stays when refunds lower what the charges count, until a charge earns a higher one. */
  @Property({ type: 'boolean', default: false })
  levelByHand: boolean = false;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
