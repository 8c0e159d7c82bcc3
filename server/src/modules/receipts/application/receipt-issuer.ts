import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { SettingsService } from '../../settings/index.js';
import { Clock, DomainError, Lease, takeDue, type LeaseColumn } from '../../../shared/index.js';
import type { CashReceipt, TaxInvoice } from '../../../contracts/charge.js';
import { type ReceiptKind } from '../../../contracts/receipts.js';
import { splitVat } from '../domain/amounts.js';
import { Receipt } from '../domain/receipt.entity.js';
import { PartnerRefusal, PartnerUnreachable, type PartnerDocument } from './partners/partner-errors.js';
import { PopbillClient, type TaxInvoiceDraft, type TaxInvoiceParty } from './partners/popbill.js';
import { TossCashReceipts } from './partners/toss-cash-receipts.js';

/** A claimed document is not claimed again (by this or another replica) for this long. */
/** A claimed document is not claimed again (by this or another replica) for this long. */
const RECEIPT_LEASE: LeaseColumn = {
  column: 'claimed_until',
  lease: Lease.minutes(2),
  holds: 'until',
  free: 'ended-or-null',
};
const BATCH = 20;

type Outcome =
  | { kind: 'issued'; document: PartnerDocument; amount: bigint }
  | { kind: 'adjusted'; document: PartnerDocument; upTo: bigint; amount: bigint }
  | { kind: 'dropped' }
  | { kind: 'refused'; message: string }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'nothing' };

/**
 * Issuing as an outbound delivery: a document is claimed (its lease moved forward under FOR UPDATE SKIP
 * LOCKED, so replicas and an operator's "issue again" share the work without two partner calls at once),
 * the partner is called outside any transaction, and the answer is recorded under the row's lock.
 * Partner keys are the charge's id, so even a retry after a lost answer cannot issue a second document.
 */
@Injectable()
export class ReceiptIssuer {
  private readonly logger = new Logger('ReceiptIssuer');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly toss: TossCashReceipts,
    private readonly popbill: PopbillClient,
  ) {}

  /** The kinds whose partner is configured (the others wait as 대기 for an operator). */
  configuredKinds(): ReceiptKind[] {
    return [
      ...(this.toss.configured ? (['CASH_RECEIPT'] as const) : []),
      ...(this.popbill.configured ? (['TAX_INVOICE'] as const) : []),
    ];
  }

  /** Works every due document once; answers how many were claimed. */
  async runDue(): Promise<number> {
    const kinds = this.configuredKinds();
    if (kinds.length === 0) return 0;
    const ids = await this.claim(`kind in (${kinds.map(() => '?').join(', ')})`, kinds, BATCH);
    for (const id of ids) await this.work(id);
    return ids.length;
  }

  /** Works one document now, if nobody else holds it; false when it was held or not due. */
  async runOne(id: number): Promise<boolean> {
    const ids = await this.claim('id = ?', [id], 1);
    if (ids.length === 0) return false;
    await this.work(id);
    return true;
  }

  /**
   * The operator's cancel of an issued document: claimed like a delivery, the rest cancelled at the partner,
   * recorded (CANCELED) with `also` in the same transaction. A refusal releases the claim and is thrown.
   */
  async cancelIssued(id: number, also: (tx: EntityManager, receipt: Receipt) => Promise<void>): Promise<void> {
    const now = this.clock.now();
    // One row by key: a claim in progress is waited for (its lease then decides), not skipped.
    const claimed = await takeDue(
      this.em.fork(),
      { table: 'receipt', due: `id = ? and status = 'ISSUED'`, params: [id], lease: RECEIPT_LEASE, wait: true },
      now,
    );
    if (claimed.length === 0) throw new DomainError('RECEIPT_IN_PROGRESS');
    const receipt = await this.em.fork().findOneOrFail(Receipt, id);
    // A refund's adjustment whose answer was lost goes first (the job repeats it), else the cancel could overlap it.
    if (receipt.adjustingTo !== null) {
      await this.em.fork().execute(`update receipt set claimed_until = null where id = ?`, [id]);
      throw new DomainError('RECEIPT_IN_PROGRESS');
    }
    const amount = receipt.total - receipt.adjustedAmount;
    let document: PartnerDocument;
    try {
      document = await this.adjust(receipt, amount, receipt.total);
    } catch (error) {
      await this.em.fork().execute(`update receipt set claimed_until = null where id = ?`, [id]);
      throw error;
    }
    await this.em.fork().transactional(async (tx) => {
      const locked = await tx.findOneOrFail(Receipt, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const at = this.clock.now();
      locked.adjusted(
        {
          amount: Number(amount),
          partnerKey: document.partnerKey,
          approvalNumber: document.approvalNumber,
          at: at.toISOString(),
        },
        locked.total,
        at,
      );
      await also(tx, locked);
    });
  }

  private async claim(where: string, params: unknown[], limit: number): Promise<number[]> {
    const now = this.clock.now();
    const rows = await takeDue(
      this.em.fork(),
      {
        table: 'receipt',
        due: `${where} and next_attempt_at <= ?`,
        params: [...params, now],
        order: 'next_attempt_at',
        limit,
        lease: RECEIPT_LEASE,
      },
      now,
    );
    return rows.map((r) => r.id);
  }

  private async work(id: number): Promise<void> {
    try {
      const receipt = await this.em.fork().findOneOrFail(Receipt, id);
      const outcome = await this.attempt(receipt);
      await this.record(id, receipt.version, outcome);
    } catch (error) {
      this.logger.warn(`receipt ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async attempt(receipt: Receipt): Promise<Outcome> {
    const step = receipt.nextStep();
    if (step === null) return { kind: 'nothing' };
    if (step === 'DROP') return { kind: 'dropped' };
    try {
      if (step === 'ISSUE') return { kind: 'issued', document: await this.issue(receipt), amount: receipt.amount };
      const upTo = receipt.adjustingTo ?? receipt.refundedAmount;
      const amount = upTo - receipt.adjustedAmount;
      if (receipt.adjustingTo === null)
        await this.em
          .fork()
          .execute(`update receipt set adjusting_to = ? where id = ? and adjusting_to is null`, [upTo, receipt.id]);
      return { kind: 'adjusted', document: await this.adjust(receipt, amount, upTo), upTo, amount };
    } catch (error) {
      if (error instanceof PartnerRefusal) return { kind: 'refused', message: error.forPeople };
      if (error instanceof PartnerUnreachable) return { kind: 'unreachable', reason: `일시적 오류 (${error.message})` };
      throw error;
    }
  }

  private async issue(receipt: Receipt): Promise<PartnerDocument> {
    const key = receipt.issueKey();
    const name = `포인트 충전 #${receipt.chargeId}`;
    if (receipt.kind === 'CASH_RECEIPT') {
      return this.toss.issue({
        orderId: key,
        orderName: name,
        amount: receipt.amount,
        identity: (receipt.details as CashReceipt).phone,
        idempotencyKey: `cash-receipt-${key}`,
      });
    }
    return this.taxInvoice(receipt, key, receipt.amount, name, `충전 #${receipt.chargeId}`);
  }

  /** A refund after issue: Toss cancels that part of the receipt; Popbill gets a 수정세금계산서 (negative). */
  private async adjust(receipt: Receipt, amount: bigint, upTo: bigint): Promise<PartnerDocument> {
    const whole = upTo >= receipt.total;
    if (receipt.kind === 'CASH_RECEIPT') {
      return this.toss.cancel(
        receipt.partnerKey!,
        whole && receipt.adjustedAmount === 0n ? null : amount,
        `cash-receipt-cancel-${receipt.chargeId}-${upTo}`,
      );
    }
    // The whole charge refunded at once is the contract undone (4); a part, a change of supply value (2).
    return this.taxInvoice(
      receipt,
      `C${receipt.chargeId}-R${upTo}`,
      -amount,
      `포인트 충전 #${receipt.chargeId} 환불`,
      `충전 #${receipt.chargeId} 환불 ${amount}원`,
      { code: whole && receipt.adjustedAmount === 0n ? '4' : '2', orgNTSConfirmNum: receipt.approvalNumber ?? '' },
    );
  }

  /**
   * One 세금계산서 (or, with `modify`, 수정세금계산서) for `total` won under `mgtKey`; a retry after an unknown
   * outcome asks Popbill for that document first, so a lost answer never becomes a second one.
   */
  private async taxInvoice(
    receipt: Receipt,
    mgtKey: string,
    total: bigint,
    itemName: string,
    memo: string,
    modify?: TaxInvoiceDraft['modify'],
  ): Promise<PartnerDocument> {
    if (receipt.attempts > 0) {
      const found = await this.popbill.find(mgtKey);
      if (found) return found;
    }
    const { supplyCost, tax } = splitVat(total);
    return this.popbill.registIssue({
      mgtKey,
      writeDate: koreanDay(this.clock.now()),
      invoicer: await this.shop(),
      invoicee: buyer(receipt.details as TaxInvoice),
      supplyCost,
      tax,
      itemName,
      modify,
      memo,
    });
  }

  private async record(id: number, readVersion: number, outcome: Outcome): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const receipt = await tx.findOneOrFail(Receipt, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const now = this.clock.now();
      // The member or an operator changed it while the partner was asked: that change decides the next step.
      const changed = receipt.version !== readVersion;
      switch (outcome.kind) {
        case 'issued':
          // A looked-up or replayed document may be for what was asked before a refund came in.
          receipt.issued(outcome.document, outcome.document.amount ?? outcome.amount, now);
          break;
        case 'adjusted':
          receipt.adjusted(
            {
              amount: Number(outcome.amount),
              partnerKey: outcome.document.partnerKey,
              approvalNumber: outcome.document.approvalNumber,
              at: now.toISOString(),
            },
            outcome.upTo,
            now,
          );
          break;
        case 'dropped':
          if (receipt.nextStep() === 'DROP') receipt.drop(now);
          else receipt.claimedUntil = null;
          break;
        case 'refused':
          if (changed && receipt.status === 'PENDING' && receipt.nextAttemptAt) receipt.claimedUntil = null;
          else receipt.refused(outcome.message, now);
          break;
        case 'unreachable':
          receipt.unreachable(outcome.reason, now);
          break;
        case 'nothing':
          receipt.nextAttemptAt = null;
          receipt.claimedUntil = null;
          break;
      }
    });
  }

  /** The supplier: the shop's 사업자등록번호 from POPBILL_CORP_NUM, its name, CEO and address from the footer settings. */
  private async shop(): Promise<TaxInvoiceParty> {
    const [corpName, ceoName, addr] = await Promise.all([
      this.settings.get('FOOTER_COMPANY'),
      this.settings.get('FOOTER_CEO'),
      this.settings.get('FOOTER_ADDRESS'),
    ]);
    return {
      corpNum: this.popbill.corpNum,
      corpName: String(corpName ?? ''),
      ceoName: String(ceoName ?? ''),
      addr: String(addr ?? ''),
    };
  }
}

function buyer(invoice: TaxInvoice): TaxInvoiceParty {
  return {
    corpNum: invoice.businessNumber,
    corpName: invoice.company,
    ceoName: invoice.leader,
    addr: invoice.address,
    bizType: invoice.jobType,
    bizClass: invoice.jobType2,
    email: invoice.email,
    tel: invoice.phone,
  };
}

/** The 작성일자 Popbill takes: yyyyMMdd in Korean time. */
function koreanDay(now: Date): string {
  return new Date(now.getTime() + 9 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
}
