import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { APPROVAL_KINDS, type ApprovalKind } from '../../../contracts/approvals.js';
import { WonType } from '../../../shared/index.js';

/**
 * A manual money command that ran without a second operator: what the rolling-day sums per operator and per
 * member are made of. Written before the command runs (under the decision's locks) and removed if it fails.
 */
@Entity({ tableName: 'unapproved_move' })
@Index({ name: 'unapproved_move_operator', properties: ['operatorId', 'createdAt'] })
@Index({ name: 'unapproved_move_member', properties: ['memberId', 'createdAt'] })
export class UnapprovedMove {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: [...APPROVAL_KINDS] })
  kind: ApprovalKind;

  @Property({ type: 'integer' })
  operatorId: number;

  /** The member whose balance (adjustment) or payment (refund) it moved. */
  @Property({ type: 'integer' })
  memberId: number;

  /** The command's size in won (a debit counts as much as a credit). */
  @Property({ type: new WonType() })
  amount: bigint;

  @Property({ type: 'datetime' })
  createdAt: Date;

  constructor(props: Pick<UnapprovedMove, 'kind' | 'operatorId' | 'memberId' | 'amount'>, now: Date) {
    this.kind = props.kind;
    this.operatorId = props.operatorId;
    this.memberId = props.memberId;
    this.amount = props.amount;
    this.createdAt = now;
  }
}
