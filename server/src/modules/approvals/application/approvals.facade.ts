import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  APPROVAL_KIND_PERMISSIONS,
  APPROVAL_KINDS,
  APPROVAL_MESSAGES,
  APPROVAL_STATUSES,
  DEFAULT_APPROVAL_THRESHOLD,
  mayUse,
  OPERATOR_MESSAGES,
  type ApprovalKind,
  type ApprovalView,
} from '../../../contracts/index.js';
import {
  Clock,
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
import { ApprovalActions, type ApprovingOperator } from './ports.js';

export interface HeldCommand {
  kind: ApprovalKind;
  targetId: number;
  /** The command's size in won; its sign does not matter (a large debit needs approval as much as a credit). */
  amount: bigint;
  payload: Record<string, string | number>;
  reason: string;
}

const RESOURCE = 'approvals';

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

/** Holds large manual money commands for a second operator, and runs them once one approves. */
@Injectable()
export class ApprovalsFacade {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly audit: AuditFacade,
    private readonly actions: ApprovalActions,
    private readonly identity: IdentityFacade,
  ) {}

  /** APPROVAL_THRESHOLD in won ('' reads as 100,000). */
  async threshold(): Promise<bigint> {
    const value = String(await this.settings.get('APPROVAL_THRESHOLD'));
    return value === '' ? DEFAULT_APPROVAL_THRESHOLD : BigInt(value);
  }

  /** Null when the command may run now; else it is recorded as pending (audited as its requester's) and answered. */
  async hold(command: HeldCommand, requester: ApprovingOperator): Promise<ApprovalView | null> {
    const size = command.amount < 0n ? -command.amount : command.amount;
    if (size <= (await this.threshold())) return null;
    return this.em.fork().transactional(async (tx) => {
      const approval = new Approval({ ...command, amount: size }, requester, this.clock.now());
      await tx.persist(approval).flush();
      this.audit.record(tx, requester, {
        action: 'request',
        resource: RESOURCE,
        resourceId: approval.id,
        after: approvalView(approval),
      });
      return approvalView(approval);
    });
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
    if (!approval) throw new NotFoundError(APPROVAL_MESSAGES.notFound);
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
      if (!approval) throw new NotFoundError(APPROVAL_MESSAGES.notFound);
      // Refusals first, so a refused decision never runs the command.
      APPROVAL_TRANSITIONS.assert(approval.status, to);
      if (approval.requestedById === approver.id) throw new DomainError(APPROVAL_MESSAGES.ownRequest, 403);
      if (!mayUse(approver.role, APPROVAL_KIND_PERMISSIONS[approval.kind]))
        throw new DomainError(OPERATOR_MESSAGES.forbidden, 403);
      const before = approvalView(approval);
      const result =
        to === 'APPROVED' ? await this.actions.run(approval.kind, approval.payload, approver, approval.id) : null;
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
