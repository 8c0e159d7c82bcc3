import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import {
  DomainError,
  filterOneOf,
  findPage,
  idOf,
  NotFoundError,
  Page,
  searchIn,
  type ListQuery,
} from '../../../shared/index.js';
import type { AdminMemberView } from '../../../contracts/index.js';
import { Member, MemberStatus } from '../domain/member.entity.js';
import { SocialAccount } from '../domain/social-account.entity.js';
import { AuditFacade } from '../../audit/index.js';
import { PointAdjuster, PointBalanceReader, type AuditActor } from './ports.js';
import { Sessions } from './sessions.js';

/** What the console shows of a member (never credentials or the API key). */
export type MemberView = AdminMemberView<Date, bigint>;

const STATUSES = Object.values(MemberStatus);

function view(member: Member, point: bigint): MemberView {
  return {
    id: member.id,
    loginId: member.loginId,
    email: member.email,
    phone: member.phone,
    registerWhere: member.registerWhere,
    referralCode: member.referralCode,
    referredById: member.referredBy?.id ?? null,
    status: member.status,
    hasApiKey: member.apiKeyHash !== null,
    createdAt: member.createdAt,
    deletedAt: member.deletedAt,
    point,
  };
}

/** The console's `members` resource: list, show, suspend, reinstate, adjust points; every change audited. */
@Injectable()
export class MembersAdminService {
  constructor(
    private readonly em: EntityManager,
    private readonly balances: PointBalanceReader,
    private readonly points: PointAdjuster,
    private readonly audit: AuditFacade,
    private readonly sessions: Sessions,
  ) {}

  async page(query: ListQuery): Promise<Page<MemberView>> {
    const page = await findPage(this.em.fork(), Member, 'members', query, {
      sortable: ['id', 'createdAt', 'loginId', 'email', 'status'],
      filters: {
        q: searchIn('loginId', 'email', 'phone'),
        status: (v) => ({ status: filterOneOf(STATUSES, v) }),
        referredById: idOf('referredBy'),
      },
    });
    const points = await this.balances.balancesOf(page.rows.map((m) => m.id));
    return new Page(
      'members',
      page.rows.map((m) => view(m, points.get(m.id) ?? 0n)),
      page.total,
      page.start,
    );
  }

  async one(id: number): Promise<MemberView> {
    const em = this.em.fork();
    const member = await em.findOne(Member, id);
    if (!member) throw new NotFoundError();
    const accounts = await em.find(SocialAccount, { member: id });
    return { ...view(member, await this.balances.balanceOf(id)), socialProviders: accounts.map((a) => a.provider) };
  }

  async suspend(id: number, actor: AuditActor): Promise<MemberView> {
    const view = await this.command(id, actor, 'suspend', (m) => m.suspend());
    await this.sessions.revokeAll('member', id, 'suspended');
    return view;
  }

  reinstate(id: number, actor: AuditActor): Promise<MemberView> {
    return this.command(id, actor, 'reinstate', (m) => m.reinstate());
  }

  private async command(
    id: number,
    actor: AuditActor,
    action: string,
    change: (member: Member) => void,
  ): Promise<MemberView> {
    await this.em.fork().transactional(async (tx) => {
      const member = await tx.findOne(Member, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!member) throw new NotFoundError();
      const before = member.status;
      change(member);
      this.audit.record(tx, actor, {
        action,
        resource: 'members',
        resourceId: id,
        before: { status: before },
        after: { status: member.status },
      });
    });
    return this.one(id);
  }

  /** An ADJUST ledger entry (positive credits, negative debits never below zero) with the operator's reason. */
  /** Refuses (404, 409) an adjustment of a member who is not there to adjust, before one is held for approval. */
  async assertAdjustable(id: number): Promise<void> {
    const member = await this.em.fork().findOne(Member, id, { fields: ['id', 'status'] });
    if (!member) throw new NotFoundError();
    if (member.status === MemberStatus.DELETED) throw new DomainError('MEMBER_WITHDRAWN');
  }

  /** `approvalId`: an approved request's run, written once per request (its ledger reference). */
  async adjustPoints(
    id: number,
    amount: bigint,
    reason: string,
    actor: AuditActor,
    approvalId?: number,
  ): Promise<unknown> {
    const reference =
      approvalId === undefined ? { type: 'operator-adjust', id: randomUUID() } : { type: 'approval', id: approvalId };
    await this.em.fork().transactional(async (tx) => {
      const member = await tx.findOne(Member, id);
      if (!member) throw new NotFoundError();
      if (member.status === MemberStatus.DELETED) throw new DomainError('MEMBER_WITHDRAWN');
      await this.points.adjust(tx, id, amount, reference, reason);
      this.audit.record(tx, actor, {
        action: 'adjust-points',
        resource: 'members',
        resourceId: id,
        after: { amount, reason, reference: reference.id, ...(approvalId === undefined ? {} : { approvalId }) },
      });
    });
    return this.points.adjustmentEntry(reference);
  }
}
