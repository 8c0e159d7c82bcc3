import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { AlertsFacade } from '../../alerts/index.js';
import {
  Clock,
  DomainError,
  filterDate as instant,
  filterId as wholeNumber,
  filterOneOf as oneOf,
  findPage,
  NotFoundError,
  searchIn,
  type ListQuery,
  type Page,
} from '../../../shared/index.js';
import { Charge } from '../domain/charge.entity.js';
import { Deposit, DEPOSIT_STATUSES, UNMATCHED_REASONS, type DepositInput } from '../domain/deposit.entity.js';
import { ChargeSettlement } from './charge-settlement.js';
import { auditedChange, operatorSettler, snapshot, type Settler } from './settler.js';

export interface RecordedDeposit {
  deposit: Deposit;
  /** False when the bank transaction id was already recorded: nothing new happened. */
  created: boolean;
}

/**
 * Bank deposits and their matching to charges. A deposit that matches exactly one open charge by
 * depositor name and amount to deposit settles it at once (the same accept path as an operator's);
 * any other waits, UNMATCHED, for an operator to match or dismiss it.
 */
@Injectable()
export class Deposits {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settlement: ChargeSettlement,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
  ) {}

  async record(input: DepositInput, recorder: Settler): Promise<RecordedDeposit> {
    let candidates: number[];
    let deposit: Deposit;
    try {
      [deposit, candidates] = await this.em.fork().transactional(async (tx): Promise<[Deposit, number[]]> => {
        const now = this.clock.now();
        const created = Deposit.record(input, recorder.by, now);
        const open = await tx.find(
          Charge,
          {
            status: 'PENDING',
            expiresAt: { $gt: now },
            depositorKey: created.depositorKey,
            depositAmount: created.amount,
          },
          { fields: ['id'], limit: 2, orderBy: { id: 'ASC' } },
        );
        if (open.length !== 1) created.waitFor(open.length === 0 ? 'NO_MATCH' : 'AMBIGUOUS');
        tx.persist(created);
        await tx.flush();
        if (recorder.operator)
          this.audit.record(tx, recorder.operator, {
            action: 'create',
            resource: 'deposits',
            resourceId: created.id,
            after: snapshot(created),
          });
        return [created, open.map((c) => c.id)];
      });
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const existing = await this.em.fork().findOne(Deposit, { bankTransactionId: input.bankTransactionId });
      if (!existing) throw error;
      return { deposit: existing, created: false };
    }
    if (candidates.length === 1) {
      try {
        deposit = await this.match(deposit.id, candidates[0]!, recorder);
      } catch (error) {
        // Settled by someone else in between (an operator's accept, the expiry): the operator decides.
        if (!(error instanceof DomainError)) throw error;
        await this.em.fork().nativeUpdate(Deposit, { id: deposit.id, status: 'UNMATCHED' }, { reason: 'CONFLICT' });
        deposit = await this.get(deposit.id);
      }
    }
    if (deposit.status === 'UNMATCHED') {
      await this.alerts.raise(
        'UNMATCHED_DEPOSIT',
        `확인되지 않은 입금 #${deposit.id}: 입금자명 ${deposit.depositorName}, ${deposit.amount.toLocaleString('ko-KR')}원`,
        `deposit:${deposit.id}`,
      );
    }
    return { deposit, created: true };
  }

  /** Pays for a charge with a deposit: both change in one transaction with the credit, or neither does. */
  match(depositId: number, chargeId: number, settler: Settler): Promise<Deposit> {
    return this.em.fork().transactional(async (tx) => {
      const deposit = await this.find(tx, depositId);
      const charge = await this.settlement.find(tx, chargeId);
      const before = snapshot(deposit);
      deposit.match(charge, this.clock.now(), settler.by);
      await this.settlement.acceptIn(tx, charge, settler, deposit.id);
      if (settler.operator)
        this.audit.record(tx, settler.operator, {
          action: 'match',
          resource: 'deposits',
          resourceId: depositId,
          before,
          after: snapshot(deposit),
        });
      return deposit;
    });
  }

  dismiss(depositId: number, memo: string | null, operator: AuditActor): Promise<Deposit> {
    return this.em
      .fork()
      .transactional(async (tx) =>
        auditedChange(
          tx,
          this.audit,
          operator,
          { action: 'dismiss', resource: 'deposits', resourceId: depositId },
          await this.find(tx, depositId),
          (deposit) => deposit.dismiss(this.clock.now(), operatorSettler(operator).by, memo),
        ),
      );
  }

  get(id: number): Promise<Deposit> {
    return this.find(this.em.fork(), id);
  }

  page(query: ListQuery): Promise<Page<Deposit>> {
    return findPage(this.em.fork(), Deposit, 'deposits', query, {
      sortable: ['id', 'depositedAt', 'createdAt', 'amount', 'status'],
      filters: {
        status: (v) => ({ status: oneOf(DEPOSIT_STATUSES, v) }),
        reason: (v) => ({ reason: oneOf(UNMATCHED_REASONS, v) }),
        chargeId: (v) => ({ chargeId: wholeNumber(v) }),
        q: searchIn('depositorName'),
        depositedAt_gte: (v) => ({ depositedAt: { $gte: instant(v) } }),
        depositedAt_lte: (v) => ({ depositedAt: { $lte: instant(v) } }),
      },
    });
  }

  private async find(tx: EntityManager, id: number): Promise<Deposit> {
    const deposit = await tx.findOne(Deposit, id);
    if (!deposit) throw new NotFoundError('DEPOSIT_NOT_FOUND');
    return deposit;
  }
}
