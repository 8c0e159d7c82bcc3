import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { WonType } from '../../../shared/index.js';

/**
 * Points a member owes the shop: a partner (Toss) took back money whose points the member had already
 * spent, so the take-back could not cover it. While one is open the member cannot order; it closes when
 * collected from later top-ups or when an operator writes it off. No ledger entry is written for the
 * debt itself (the balance never goes below zero); each collection is a CHARGE_REFUND entry.
 */
@Entity({ tableName: 'point_debt' })
@Unique({ name: 'point_debt_reference_once', properties: ['referenceType', 'referenceId'] })
@Index({
  name: 'point_debt_open',
  expression: 'create index "point_debt_open" on "point_debt" ("member_id") where "closed_at" is null',
})
export class PointDebt {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  /** What could not be taken back. */
  @Property({ type: new WonType() })
  amount!: bigint;

  /** Taken from later top-ups (or an operator's collect) so far. */
  @Property({ type: new WonType() })
  collected: bigint = 0n;

  /** What an operator wrote off when closing it. */
  @Property({ type: new WonType() })
  writtenOff: bigint = 0n;

  /** What caused it (a Toss cancel transaction): once per cause. */
  @Property({ type: 'string', length: 32 })
  referenceType!: string;

  @Property({ type: 'string', length: 64 })
  referenceId!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  memo: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  closedAt: Date | null = null;

  /** `collected`, or the operator's write-off reason. */
  @Property({ type: 'string', length: 500, nullable: true })
  closedReason: string | null = null;

  get outstanding(): bigint {
    return this.amount - this.collected - this.writtenOff;
  }
}
