import { Entity, Enum, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import {
  DEPOSIT_MOVES,
  DEPOSIT_STATUS_LABELS,
  DEPOSIT_STATUSES,
  type DepositStatus,
} from '../../../contracts/statuses.js';
import { DomainError, IllegalTransitionError, TransitionTable, WonType } from '../../../shared/index.js';
import { depositorKey } from './depositor-key.js';

/** The vocabulary, its labels and moves: contracts/statuses.ts. */
export { DEPOSIT_STATUSES, type DepositStatus };

/** Deposit: UNMATCHED → MATCHED (paid a charge) | DISMISSED (an operator set it aside). */
export const DEPOSIT_TRANSITIONS = new TransitionTable<DepositStatus>({
  entity: 'Deposit',
  noun: '입금',
  labels: DEPOSIT_STATUS_LABELS,
  moves: DEPOSIT_MOVES,
  refusals: {
    MATCHED: '이미 충전 요청과 매칭된 입금입니다.',
    DISMISSED: '이미 보류 처리된 입금입니다.',
  },
});

/** Why a deposit waits for an operator. */
export const UNMATCHED_REASONS = ['NO_MATCH', 'AMBIGUOUS', 'CONFLICT'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export interface DepositInput {
  bankTransactionId: string;
  depositorName: string;
  amount: bigint;
  depositedAt: Date;
}

/**
 * A transfer into the shop's account, as the bank reported it (an operator's entry or a bank-alert
 * integration). The bank's transaction id is unique, so a repeated alert records nothing new.
 */
@Entity({ tableName: 'deposit' })
@Index({ name: 'deposit_status', properties: ['status', 'id'] })
export class Deposit {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'string', length: 100 })
  @Unique({ name: 'deposit_bank_transaction_id_unique' })
  bankTransactionId!: string;

  @Property({ type: 'string', length: 50 })
  depositorName!: string;

  @Property({ type: 'string', length: 50, hidden: true })
  depositorKey!: string;

  @Property({ type: new WonType() })
  amount!: bigint;

  @Property({ type: 'datetime' })
  depositedAt!: Date;

  @Enum({ items: [...DEPOSIT_STATUSES] })
  status: DepositStatus = 'UNMATCHED';

  @Enum({ items: [...UNMATCHED_REASONS], nullable: true })
  reason: UnmatchedReason | null = null;

  @Property({ type: 'integer', nullable: true })
  chargeId: number | null = null;

  /** `operator:<loginId>` or `bank-alert`. */
  @Property({ type: 'string', length: 100 })
  recordedBy!: string;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  resolvedAt: Date | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  resolvedBy: string | null = null;

  /** An operator's note when dismissing. */
  @Property({ type: 'string', length: 500, nullable: true })
  memo: string | null = null;

  @Property({ type: 'integer', version: true, hidden: true })
  version!: number;

  static record(input: DepositInput, recordedBy: string, now: Date): Deposit {
    const deposit = new Deposit();
    deposit.bankTransactionId = input.bankTransactionId;
    deposit.depositorName = input.depositorName;
    deposit.depositorKey = depositorKey(input.depositorName);
    deposit.amount = input.amount;
    deposit.depositedAt = input.depositedAt;
    deposit.recordedBy = recordedBy;
    deposit.createdAt = now;
    return deposit;
  }

  /** Pays for the charge with this id; the amounts must agree to the won. */
  match(charge: { id: number; depositAmount: bigint }, now: Date, by: string): void {
    DEPOSIT_TRANSITIONS.assert(this.status, 'MATCHED');
    if (this.amount !== charge.depositAmount) {
      throw new DomainError('DEPOSIT_AMOUNT_MISMATCH', {
        amount: this.amount,
        chargeId: charge.id,
        due: charge.depositAmount,
      });
    }
    this.status = 'MATCHED';
    this.chargeId = charge.id;
    this.reason = null;
    this.resolve(now, by);
  }

  /** Why it stays UNMATCHED for an operator to decide. */
  waitFor(reason: UnmatchedReason): void {
    if (this.status !== 'UNMATCHED')
      throw new IllegalTransitionError(DEPOSIT_TRANSITIONS.refusal(this.status, 'UNMATCHED'), {
        entity: 'deposit',
        from: this.status,
        to: 'UNMATCHED',
      });
    this.reason = reason;
  }

  dismiss(now: Date, by: string, memo: string | null): void {
    DEPOSIT_TRANSITIONS.assert(this.status, 'DISMISSED');
    this.status = 'DISMISSED';
    this.memo = memo;
    this.resolve(now, by);
  }

  private resolve(now: Date, by: string): void {
    this.resolvedAt = now;
    this.resolvedBy = by;
  }
}
