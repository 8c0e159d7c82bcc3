import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import {
  OPERATOR_ROLES,
  type CreateOperatorInput,
  type OperatorRole,
  type OperatorView,
} from '../../../contracts/index.js';
import {
  Clock,
  DomainError,
  filterFlag,
  filterOneOf,
  findPage,
  NotFoundError,
  searchIn,
  type ListQuery,
  Page,
} from '../../../shared/index.js';
import { Operator } from '../domain/operator.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { AuditFacade } from '../../audit/index.js';
import type { AuditActor } from './ports.js';
import { Sessions } from './sessions.js';

const RESOURCE = 'operators';

export const operatorView = (o: Operator): OperatorView => ({
  id: o.id,
  loginId: o.loginId,
  role: o.role,
  disabledAt: o.disabledAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
  lastLoginAt: o.lastLoginAt?.toISOString() ?? null,
});

/** The owner's 운영자 관리: operators are created, given a role, disabled, and their password reset; each step audited. */
@Injectable()
export class OperatorsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly audit: AuditFacade,
    private readonly sessions: Sessions,
  ) {}

  async page(query: ListQuery): Promise<Page<OperatorView>> {
    const page = await findPage(this.em.fork(), Operator, RESOURCE, query, {
      sortable: ['id', 'loginId', 'role', 'createdAt', 'lastLoginAt'],
      filters: {
        q: searchIn('loginId'),
        role: (v) => ({ role: filterOneOf(OPERATOR_ROLES, v) }),
        disabled: (v) => ({ disabledAt: filterFlag(v) ? { $ne: null } : null }),
      },
    });
    return new Page(RESOURCE, page.rows.map(operatorView), page.total, page.start);
  }

  async one(id: number): Promise<OperatorView> {
    return operatorView(await this.find(this.em.fork(), id));
  }

  async create(input: CreateOperatorInput, actor: AuditActor): Promise<OperatorView> {
    const hash = await this.hasher.hash(input.password);
    try {
      return await this.em.fork().transactional(async (tx) => {
        const operator = new Operator(input.loginId, hash, this.clock.now(), input.role);
        await tx.persist(operator).flush();
        this.audit.record(tx, actor, {
          action: 'create',
          resource: RESOURCE,
          resourceId: operator.id,
          after: operatorView(operator),
        });
        return operatorView(operator);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new DomainError('OPERATOR_DUPLICATE');
      throw error;
    }
  }

  /**
   * A new role ends the operator's sessions in the same transaction: the next login meets the new role's
   * rules (an enrolment when it requires a second factor the operator never passed).
   */
  changeRole(id: number, role: OperatorRole, actor: AuditActor): Promise<OperatorView> {
    return this.change(id, actor, 'update', (operator) => {
      const changed = operator.role !== role;
      operator.role = role;
      return changed ? 'role-change' : null;
    });
  }

  /** Disabling also ends the operator's sessions: no refresh token of theirs opens the console again. */
  disable(id: number, actor: AuditActor): Promise<OperatorView> {
    return this.change(id, actor, 'disable', (operator) => {
      if (operator.disabledAt) throw new DomainError('OPERATOR_ALREADY_DISABLED');
      operator.disabledAt = this.clock.now();
      return 'disabled';
    });
  }

  enable(id: number, actor: AuditActor): Promise<OperatorView> {
    return this.change(id, actor, 'enable', (operator) => {
      operator.disabledAt = null;
      return null;
    });
  }

  /** The owner's reset ends every session of the operator with it: whoever held the old password is out. */
  async resetPassword(id: number, password: string, actor: AuditActor): Promise<OperatorView> {
    const hash = await this.hasher.hash(password);
    return this.em.fork().transactional(async (tx) => {
      const operator = await this.find(tx, id);
      operator.passwordHash = hash;
      await tx.flush();
      await this.sessions.revokeAll('operator', id, 'password-reset', undefined, tx);
      // The audit entry says that it happened, never what the password is.
      this.audit.record(tx, actor, { action: 'reset-password', resource: RESOURCE, resourceId: id });
      return operatorView(operator);
    });
  }

  /**
   * A role change or disable of another operator, refused when it would leave no active OWNER. The active
   * owners are locked first, so two owners demoting each other at once cannot both succeed. `apply` answers
   * why the operator's sessions end with the change (null: they stay).
   */
  private change(
    id: number,
    actor: AuditActor,
    action: string,
    apply: (operator: Operator) => string | null,
  ): Promise<OperatorView> {
    return this.em.fork().transactional(async (tx) => {
      if (id === actor.id) throw new DomainError('OPERATOR_NOT_YOURSELF');
      const owners = await tx.find(
        Operator,
        { role: 'OWNER', disabledAt: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'ASC' } },
      );
      const operator = owners.find((o) => o.id === id) ?? (await this.find(tx, id));
      const before = operatorView(operator);
      const endSessions = apply(operator);
      const stillOwner = operator.role === 'OWNER' && !operator.disabledAt;
      if (owners.every((o) => o.id === id) && !stillOwner) throw new DomainError('OPERATOR_LAST_OWNER');
      await tx.flush();
      if (endSessions) await this.sessions.revokeAll('operator', id, endSessions, undefined, tx);
      this.audit.record(tx, actor, {
        action,
        resource: RESOURCE,
        resourceId: id,
        before,
        after: operatorView(operator),
      });
      return operatorView(operator);
    });
  }

  private async find(em: EntityManager, id: number): Promise<Operator> {
    const operator = await em.findOne(Operator, id);
    if (!operator) throw new NotFoundError('OPERATOR_NOT_FOUND');
    return operator;
  }
}
