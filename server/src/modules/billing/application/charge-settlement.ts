import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import { ChargeBonusFacade } from '../../charge-bonus/index.js';
import { PricingFacade } from '../../pricing/index.js';
import { ReceiptsFacade } from '../../receipts/index.js';
import { ReferralFacade } from '../../referral/index.js';
import { LedgerKind, WalletFacade, type LedgerEntry } from '../../wallet/index.js';
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
import { CHARGE_STATUSES, FEE_TYPES } from '../../../contracts/charge.js';
import { Charge } from '../domain/charge.entity.js';
import { auditedChange, flushOrConflict, operatorSettler, snapshot, type Settler } from './settler.js';

export const chargeReference = (charge: { id: number }) => ({ type: 'charge', id: charge.id });

export interface AcceptResult {
  charge: Charge;
  ledgerEntry: LedgerEntry | null;
}

export type BulkAcceptResult =
  | { id: number; ok: true; ledgerEntry: LedgerEntry | null }
  | { id: number; ok: false; statusCode: number; message: string };

/** Settling charges: the one accept path (operator or matched deposit), reject, and the operator's list. */
@Injectable()
export class ChargeSettlement {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly wallet: WalletFacade,
    private readonly audit: AuditFacade,
    private readonly referral: ReferralFacade,
    private readonly pricing: PricingFacade,
    private readonly receipts: ReceiptsFacade,
    private readonly bonuses: ChargeBonusFacade,
  ) {}

  async find(tx: EntityManager, id: number): Promise<Charge> {
    const charge = await tx.findOne(Charge, id);
    if (!charge) throw new NotFoundError('TOSS_CHARGE_UNKNOWN');
    return charge;
  }

  /**
   * PENDING → SUCCESS and the credit, in the caller's transaction: the versioned update lets only
   * one of several concurrent accepts through, and the ledger's (CHARGE, charge id) key credits at
   * most once whatever happens.
   */
  async acceptIn(tx: EntityManager, charge: Charge, settler: Settler, depositId: number | null = null): Promise<void> {
    const before = snapshot(charge);
    charge.accept(this.clock.now(), settler.by, depositId);
    await this.creditIn(tx, charge);
    if (settler.operator)
      this.audit.record(tx, settler.operator, {
        action: 'accept',
        resource: 'charges',
        resourceId: charge.id,
        before,
        after: snapshot(charge),
      });
  }

  /** A charge Toss says is paid: SUCCESS even past the bank-transfer deadline (the member paid), then the one credit. */
  async acceptPaidIn(tx: EntityManager, charge: Charge, by: string): Promise<void> {
    charge.acceptPaid(this.clock.now(), by);
    await this.creditIn(tx, charge);
  }

  /** The credit of an accepted charge, its referrer's reward and its top-up bonus, once each. */
  private async creditIn(tx: EntityManager, charge: Charge): Promise<void> {
    await flushOrConflict(tx);
    const credit = await this.wallet.credit(tx, {
      memberId: charge.memberId,
      amount: charge.point,
      kind: LedgerKind.CHARGE,
      reference: chargeReference(charge),
      memo:
        charge.method === 'TOSS'
          ? `충전 #${charge.id} (토스 ${charge.tossPaymentKey ?? ''})`
          : `충전 #${charge.id} (${charge.depositorName})`,
    });
    if (!credit.applied) throw new DomainError('CHARGE_ALREADY_PAID', { id: charge.id });
    await this.referral.rewardIn(tx, charge);
    await this.bonuses.grantIn(tx, charge);
    // The accepted charge counts toward the member's level (회원 등급), in the same transaction.
    await this.pricing.chargeAccepted(tx, charge.memberId, charge.point);
    // The 현금영수증 or 세금계산서 it asked for waits as 대기 from this commit; the receipts job issues it.
    await this.receipts.chargeAccepted(tx, charge);
    // Points a partner took back that the member could not cover come out of the new top-up first.
    await this.wallet.collectDebts(tx, charge.memberId);
  }

  async accept(id: number, operator: AuditActor): Promise<AcceptResult> {
    const charge = await this.em.fork().transactional(async (tx) => {
      const found = await this.find(tx, id);
      await this.acceptIn(tx, found, operatorSettler(operator));
      return found;
    });
    return { charge, ledgerEntry: await this.wallet.findEntry(LedgerKind.CHARGE, chargeReference(charge)) };
  }

  /** Each id in its own transaction, so one refusal does not undo the others. */
  async acceptMany(ids: number[], operator: AuditActor): Promise<BulkAcceptResult[]> {
    const results: BulkAcceptResult[] = [];
    for (const id of ids) {
      try {
        results.push({ id, ok: true, ledgerEntry: (await this.accept(id, operator)).ledgerEntry });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        results.push({ id, ok: false, statusCode: error.status, message: error.message });
      }
    }
    return results;
  }

  reject(id: number, operator: AuditActor): Promise<Charge> {
    return this.em
      .fork()
      .transactional(async (tx) =>
        auditedChange(
          tx,
          this.audit,
          operator,
          { action: 'reject', resource: 'charges', resourceId: id },
          await this.find(tx, id),
          (charge) => charge.reject(this.clock.now(), operatorSettler(operator).by),
        ),
      );
  }

  get(id: number): Promise<Charge> {
    return this.find(this.em.fork(), id);
  }

  page(query: ListQuery): Promise<Page<Charge>> {
    return findPage(this.em.fork(), Charge, 'charges', query, {
      sortable: ['id', 'createdAt', 'point', 'depositAmount', 'status', 'expiresAt', 'responseAt', 'memberId'],
      filters: {
        status: (v) => ({ status: oneOf(CHARGE_STATUSES, v) }),
        feeType: (v) => ({ feeType: oneOf(FEE_TYPES, v) }),
        method: (v) => ({ method: oneOf(['BANK_TRANSFER', 'TOSS'] as const, v) }),
        memberId: (v) => ({ memberId: wholeNumber(v) }),
        q: searchIn('depositorName'),
        createdAt_gte: (v) => ({ createdAt: { $gte: instant(v) } }),
        createdAt_lte: (v) => ({ createdAt: { $lte: instant(v) } }),
      },
    });
  }
}
