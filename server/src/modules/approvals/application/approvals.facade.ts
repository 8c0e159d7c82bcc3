import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  APPROVAL_KIND_PERMISSIONS,
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  approvedCommandKey,
  DEFAULT_APPROVAL_THRESHOLD,
  mayUse,
  type ApprovalKind,
  type ApprovalView,
  type ApprovedCommand,
} from '../../../contracts/index.js';
import {
  Clock,
  CommandBus,
  DomainError,
  filterId,
  filterOneOf,
  findPage,
  NotFoundError,
  type ListQuery,
  Page,
} from '../../../shared/index.js';
import { AuditFacade } from '../../audit/index.js';
import { IdentityFacade } from '../../identity/index.js';
import { SettingsService } from '../../settings/index.js';
import { Approval, APPROVAL_TRANSITIONS } from '../domain/approval.entity.js';
import { UnapprovedMove } from '../domain/unapproved-move.entity.js';
import type { ApprovingOperator } from './ports.js';

export interface HeldCommand {
  kind: ApprovalKind;
  targetId: number;
  /** The member the money moves to or from: one member's unapproved moves add up too, whoever makes them. */
  memberId: number;
  /** The command's size in won; its sign does not matter (a large debit needs approval as much as a credit). */
  amount: bigint;
  payload: Record<string, string | number>;
  reason: string;
}

/** Either the command ran (its answer), or it waits for a second operator. */
export type Decided<T> = { held: ApprovalView } | { ran: T };

const RESOURCE = 'approvals';
/** The window unapproved moves add up over. */
const WINDOW_MS = 24 * 60 * 60 * 1000;
/** Advisory-lock namespaces: one operator's, one member's manual money decisions (taken in this order). */
const OPERATOR_LOCK = 0x41504f50;
const MEMBER_LOCK = 0x41504d42;

export const approvalView = (a: Approval): ApprovalView => ({
  id: a.id,
  kind: a.kind,
  targetId: a.targetId,
  amount: Number(a.amount),
  reason: a.reason,
  status: a.status,
  requestedById: a.requestedById,
  requestedByLoginId: a.requestedByLoginId,
  decidedById: a.decidedById,
  decidedByLoginId: a.decidedByLoginId,
  createdAt: a.createdAt.toISOString(),
  decidedAt: a.decidedAt?.toISOString() ?? null,
  result: a.result,
});

/**
 * Holds large manual money commands for a second operator (one above the threshold, or one that would take an
 * operator's or a member's unapproved total of the day past it), and runs them once one approves.
 */
@Injectable()
export class ApprovalsFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly audit: AuditFacade,
    private readonly commands: CommandBus,
    private readonly identity: IdentityFacade,
  ) {}

  /** APPROVAL_THRESHOLD in won ('' reads as 100,000). */
  async threshold(): Promise<bigint> {
    const value = String(await this.settings.get('APPROVAL_THRESHOLD'));
    return value === '' ? DEFAULT_APPROVAL_THRESHOLD : BigInt(value);
  }

  /**
   * Runs the command now, or holds it for a second operator. It is held when it would take the operator's or
   * the member's unapproved moves of the last 24 hours (this one included) past the threshold, so a large
   * grant cut into pieces waits from the piece that crosses it. Decided under the operator's and the member's
   * locks (always in that order), with the move recorded before the locks are let go, so parallel requests
   * each see the others; a command that then fails takes its move back out.
   */
  async runOrHold<T>(command: HeldCommand, requester: ApprovingOperator, run: () => Promise<T>): Promise<Decided<T>> {
    const size = command.amount < 0n ? -command.amount : command.amount;
    const threshold = await this.threshold();
    const decided = await this.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [OPERATOR_LOCK, requester.id]);
      await tx.execute('select pg_advisory_xact_lock(?, ?)', [MEMBER_LOCK, command.memberId]);
      const now = this.clock.now();
      const [sums] = await tx.execute<{ by_operator: string; to_member: string }[]>(
        `select coalesce(sum(amount) filter (where operator_id = ?), 0)::text as by_operator,
                coalesce(sum(amount) filter (where member_id = ?), 0)::text as to_member
           from unapproved_move where created_at > ? and (operator_id = ? or member_id = ?)`,
        [requester.id, command.memberId, new Date(now.getTime() - WINDOW_MS), requester.id, command.memberId],
      );
      const byOperator = BigInt(sums?.by_operator ?? 0) + size;
      const toMember = BigInt(sums?.to_member ?? 0) + size;
      if (byOperator <= threshold && toMember <= threshold) {
        const move = new UnapprovedMove(
          { kind: command.kind, operatorId: requester.id, memberId: command.memberId, amount: size },
          now,
        );
        await tx.persist(move).flush();
        return { moveId: move.id };
      }
      const { memberId: _member, ...held } = command;
      const approval = new Approval({ ...held, amount: size }, requester, now);
      await tx.persist(approval).flush();
      this.audit.record(tx, requester, {
        action: 'request',
        resource: RESOURCE,
        resourceId: approval.id,
        // What the day's unapproved moves would have come to: why this one waits.
        after: {
          ...approvalView(approval),
          memberId: command.memberId,
          dayByOperator: byOperator,
          dayToMember: toMember,
        },
      });
      return { held: approvalView(approval) };
    });
    if (decided.held) return { held: decided.held };
    try {
      return { ran: await run() };
    } catch (error) {
      await this.em.fork().nativeDelete(UnapprovedMove, { id: decided.moveId });
      throw error;
    }
  }

  async page(query: ListQuery): Promise<Page<ApprovalView>> {
    const page = await findPage(this.em.fork(), Approval, RESOURCE, query, {
      sortable: ['id', 'createdAt', 'amount', 'status'],
      filters: {
        status: (v) => ({ status: filterOneOf(APPROVAL_STATUSES, v) }),
        kind: (v) => ({ kind: filterOneOf(APPROVAL_KINDS, v) }),
        requestedById: (v) => ({ requestedById: filterId(v) }),
        decidedById: (v) => ({ decidedById: filterId(v) }),
      },
    });
    // A point adjustment names its member: the console shows the login id, not only the number.
    const memberIds = page.rows.filter((a) => a.kind === 'points.adjust').map((a) => a.targetId);
    const loginIds = await this.identity.loginIdsOf([...new Set(memberIds)]);
    return new Page(
      RESOURCE,
      page.rows.map((a) => ({
        ...approvalView(a),
        memberLoginId: a.kind === 'points.adjust' ? (loginIds.get(a.targetId) ?? null) : null,
      })),
      page.total,
      page.start,
    );
  }

  async one(id: number): Promise<ApprovalView> {
    const approval = await this.em.fork().findOne(Approval, id);
    if (!approval) throw new NotFoundError('APPROVAL_NOT_FOUND');
    return approvalView(approval);
  }

  /**
   * Runs the held command as the approver's, then marks it approved, all while the request is locked: two
   * approvers at once run it once (the second finds it approved). A command the owning module refuses now
   * (the member spent the points meanwhile) leaves the request pending, with that refusal as the answer.
   */
  approve(id: number, approver: ApprovingOperator): Promise<ApprovalView> {
    return this.decide(id, approver, 'APPROVED');
  }

  reject(id: number, approver: ApprovingOperator): Promise<ApprovalView> {
    return this.decide(id, approver, 'REJECTED');
  }

  private decide(id: number, approver: ApprovingOperator, to: 'APPROVED' | 'REJECTED'): Promise<ApprovalView> {
    return this.em.fork().transactional(async (tx) => {
      const approval = await tx.findOne(Approval, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!approval) throw new NotFoundError('APPROVAL_NOT_FOUND');
      // Refusals first, so a refused decision never runs the command.
      APPROVAL_TRANSITIONS.assert(approval.status, to);
      if (approval.requestedById === approver.id) throw new DomainError('APPROVAL_OWN_REQUEST');
      if (!mayUse(approver.role, APPROVAL_KIND_PERMISSIONS[approval.kind])) throw new DomainError('FORBIDDEN');
      const before = approvalView(approval);
      const command: ApprovedCommand = {
        key: approvedCommandKey(approval.kind),
        kind: approval.kind,
        payload: approval.payload,
        approver,
        approvalId: approval.id,
      };
      const result = to === 'APPROVED' ? await this.commands.execute<unknown>(command) : null;
      approval.decide(to, approver, this.clock.now(), JSON.parse(JSON.stringify(result ?? null)));
      await tx.flush();
      this.audit.record(tx, approver, {
        action: to === 'APPROVED' ? 'approve' : 'reject',
        resource: RESOURCE,
        resourceId: approval.id,
        before,
        after: approvalView(approval),
      });
      return approvalView(approval);
    });
  }
}
