import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import {
  APPROVAL_KINDS,
  APPROVAL_MOVES,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  type ApprovalKind,
  type ApprovalStatus,
} from '../../../contracts/approvals.js';
import { DomainError, TransitionTable, WonType } from '../../../shared/index.js';

export const APPROVAL_TRANSITIONS = new TransitionTable<ApprovalStatus>({
  entity: 'Approval',
  noun: '승인 요청',
  labels: APPROVAL_STATUS_LABELS,
  moves: APPROVAL_MOVES,
  refusals: { APPROVED: '이미 승인된 요청입니다.', REJECTED: '이미 거절된 요청입니다.' },
});

export interface ApprovalActor {
  id: number;
  loginId: string;
}

/** A command held until a second operator decides: what it is, on which record, how much, and who asked. */
@Entity({ tableName: 'approval' })
@Index({ name: 'approval_pending', properties: ['status', 'id'] })
export class Approval {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Enum({ items: [...APPROVAL_KINDS] })
  kind: ApprovalKind;

  /** The member (adjustment) or charge (refund) the command acts on. */
  @Property({ type: 'integer' })
  targetId: number;

  /** The size of the command in won (what the threshold is compared with). */
  @Property({ type: new WonType() })
  amount: bigint;

  /** The command's checked input, replayed on approval (bigints as strings). */
  @Property({ type: 'json' })
  payload: Record<string, string | number>;

  @Property({ type: 'string', length: 500 })
  reason: string;

  @Enum({ items: [...APPROVAL_STATUSES] })
  status: ApprovalStatus = 'PENDING';

  @Property({ type: 'integer' })
  requestedById: number;

  @Property({ type: 'string', length: 50 })
  requestedByLoginId: string;

  @Property({ type: 'integer', nullable: true })
  decidedById: number | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  decidedByLoginId: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date;

  @Property({ type: 'datetime', nullable: true })
  decidedAt: Date | null = null;

  @Property({ type: 'json', nullable: true })
  result: unknown = null;

  constructor(
    props: Pick<Approval, 'kind' | 'targetId' | 'amount' | 'payload' | 'reason'>,
    requester: ApprovalActor,
    now: Date,
  ) {
    this.kind = props.kind;
    this.targetId = props.targetId;
    this.amount = props.amount;
    this.payload = props.payload;
    this.reason = props.reason;
    this.requestedById = requester.id;
    this.requestedByLoginId = requester.loginId;
    this.createdAt = now;
  }

  /** A second operator's decision; the one who asked never decides (not even to reject: they may only ask again). */
  decide(to: 'APPROVED' | 'REJECTED', by: ApprovalActor, now: Date, result: unknown = null): void {
    APPROVAL_TRANSITIONS.assert(this.status, to);
    if (by.id === this.requestedById) throw new DomainError('APPROVAL_OWN_REQUEST');
    this.status = to;
    this.decidedById = by.id;
    this.decidedByLoginId = by.loginId;
    this.decidedAt = now;
    this.result = result;
  }
}
