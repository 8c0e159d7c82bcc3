import { BigIntType } from '@mikro-orm/core';
import { LedgerKind } from '../../../contracts/index.js';
import { WonType } from '../../../shared/index.js';
import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';

/**
 * What an entry records (contracts/statuses.ts): CHARGE a bank-transfer charge credited; ORDER points paid
 * for an order (or an auto-order's runs, up front); REFUND points given back for a canceled, partial or
 * unstarted order; ADJUST an operator's correction, with a reason; FORFEIT what a deleted member left,
 * closed when the operator's setting says so (reference: the member); CHARGE_REFUND points taken back
 * because the charge's online payment was refunded (Toss cancel); REFERRAL a referrer's reward for a
 * referred member's accepted charge (negative: taken back on a refund).
 */
export { LedgerKind };

/**
 * Append-only record of every point movement. (kind, reference) is unique, so each credit, debit
 * and refund happens at most once whatever retries or replicas do.
 */
@Entity({ tableName: 'point_ledger_entry' })
@Unique({ name: 'point_ledger_entry_once', properties: ['kind', 'referenceType', 'referenceId'] })
@Index({ name: 'point_ledger_entry_member', properties: ['memberId', 'id'] })
export class LedgerEntry {
  @PrimaryKey({ type: new BigIntType('number'), autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  memberId!: number;

  /** Signed: credits positive, debits negative. */
  @Property({ type: new WonType() })
  amount!: bigint;

  @Property({ type: new WonType() })
  balanceAfter!: bigint;

  @Enum({ items: () => LedgerKind })
  kind!: LedgerKind;

  @Property({ type: 'string', length: 32 })
  referenceType!: string;

  @Property({ type: 'string', length: 64 })
  referenceId!: string;

  @Property({ type: 'string', length: 500, nullable: true })
  memo: string | null = null;

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
