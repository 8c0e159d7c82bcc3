import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AlertsFacade } from '../../alerts/index.js';
import { AuditFacade, type AuditActor } from '../../audit/index.js';
import {
  Clock,
  DomainError,
  filterId,
  filterOneOf,
  FilterValueError,
  findPage,
  inputRefusal,
  type ListQuery,
  MAX_PAGE,
  NotFoundError,
  type Page,
  toCsv,
} from '../../../shared/index.js';
import {
  maskIdentity,
  RECEIPT_KIND_LABELS,
  RECEIPT_KINDS,
  RECEIPT_MESSAGES,
  RECEIPT_STATUS_LABELS,
  RECEIPT_STATUSES,
  receiptDetailsSchema,
  receiptMonthSchema,
  receiptOpen,
  type AdminReceiptView,
  type MemberReceiptView,
  type ReceiptKind,
  type ReceiptMonthTotal,
} from '../../../contracts/receipts.js';
import type { CashReceipt, TaxInvoice } from '../../../contracts/charge.js';
import { Receipt } from '../domain/receipt.entity.js';
import { ReceiptIssuer } from './receipt-issuer.js';
import { PartnerRefusal, PartnerUnreachable } from './partners/partner-errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const KST_MS = 9 * 60 * 60 * 1000;

/** The first instant of a Korean calendar month (YYYY-MM) and of the next. */
export function koreanMonthRange(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1) - KST_MS), end: new Date(Date.UTC(y, m, 1) - KST_MS) };
}

function monthFilter(value: unknown) {
  const parsed = receiptMonthSchema.safeParse(value);
  if (!parsed.success) throw new FilterValueError(RECEIPT_MESSAGES.monthInvalid);
  const { start, end } = koreanMonthRange(parsed.data);
  return { createdAt: { $gte: start, $lt: end } };
}

const customerOf = (r: Receipt) => (r.kind === 'TAX_INVOICE' ? (r.details as TaxInvoice).company : '개인 (휴대전화)');
const identityOf = (r: Receipt) =>
  r.kind === 'TAX_INVOICE' ? (r.details as TaxInvoice).businessNumber : (r.details as CashReceipt).phone;

export function adminReceiptView(r: Receipt): AdminReceiptView {
  return {
    id: r.id,
    chargeId: r.chargeId,
    memberId: r.memberId,
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
    supplyCost: Number(r.supplyCost),
    tax: Number(r.tax),
    refundedAmount: Number(r.refundedAmount),
    customer: customerOf(r),
    identity: maskIdentity(identityOf(r)),
    partnerKey: r.partnerKey,
    approvalNumber: r.approvalNumber,
    receiptUrl: r.receiptUrl,
    issuedAt: r.issuedAt?.toISOString() ?? null,
    failure: r.failure,
    attempts: r.attempts,
    adjustments: r.adjustments,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function memberReceiptView(r: Receipt): MemberReceiptView {
  return {
    id: r.id,
    chargeId: r.chargeId,
    kind: r.kind,
    status: r.status,
    amount: Number(r.amount),
    approvalNumber: r.approvalNumber,
    receiptUrl: r.receiptUrl,
    issuedAt: r.issuedAt?.toISOString() ?? null,
    // A transient error is the shop's business; a refusal the member can act on.
    failure: r.status === 'FAILED' ? r.failure : null,
    editable: receiptOpen(r.status),
    details: r.details,
  };
}

/**
 * The console's 증빙 발행 (list, month totals, CSV, issue again, cancel, record by hand) and the member's
 * documents (list, correct before issue). Every operator command is audited in its transaction.
 */
@Injectable()
export class ReceiptDesk {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly alerts: AlertsFacade,
    private readonly issuer: ReceiptIssuer,
  ) {}

  page(query: ListQuery): Promise<Page<Receipt>> {
    return findPage(this.em.fork(), Receipt, 'receipts', query, {
      sortable: ['id', 'createdAt', 'status', 'kind', 'total', 'issuedAt', 'chargeId', 'memberId'],
      filters: {
        status: (v) => ({ status: filterOneOf(RECEIPT_STATUSES, v) }),
        kind: (v) => ({ kind: filterOneOf(RECEIPT_KINDS, v) }),
        month: monthFilter,
        memberId: (v) => ({ memberId: filterId(v) }),
        chargeId: (v) => ({ chargeId: filterId(v) }),
      },
    });
  }

  async get(id: number): Promise<Receipt> {
    const receipt = await this.em.fork().findOne(Receipt, id);
    if (!receipt) throw new NotFoundError('RECEIPT_NOT_FOUND');
    return receipt;
  }

  /** Per Korean month and kind: how many, for how much, and how many issued, waiting or held (12 months, or one). */
  async totals(month?: string): Promise<ReceiptMonthTotal[]> {
    const range = month ? koreanMonthRange(month) : null;
    const rows = await this.em.fork().execute<
      {
        month: string;
        kind: ReceiptKind;
        count: string;
        amount: string;
        issued: string;
        waiting: string;
        failed: string;
      }[]
    >(
      `select to_char(created_at at time zone 'Asia/Seoul', 'YYYY-MM') as month, kind,
              count(*) as count,
              coalesce(sum(total - refunded_amount) filter (where status <> 'CANCELED'), 0) as amount,
              count(*) filter (where status in ('ISSUED', 'MANUAL')) as issued,
              count(*) filter (where status = 'PENDING') as waiting,
              count(*) filter (where status = 'FAILED') as failed
         from receipt
        where created_at >= ? and created_at < ?
        group by 1, 2 order by 1 desc, 2`,
      range
        ? [range.start, range.end]
        : [new Date(this.clock.now().getTime() - 366 * DAY_MS), new Date(this.clock.now().getTime() + DAY_MS)],
    );
    return rows.map((r) => ({
      month: r.month,
      kind: r.kind,
      count: Number(r.count),
      amount: Number(r.amount),
      issued: Number(r.issued),
      waiting: Number(r.waiting),
      failed: Number(r.failed),
    }));
  }

  /** The accountant's CSV: every row the filter selects (up to 10,000), identity numbers masked. */
  async csv(query: ListQuery): Promise<string> {
    const rows: Receipt[] = [];
    for (let start = 0; start < 10_000; start += MAX_PAGE) {
      const page = await this.page({ ...query, range: { start, end: start + MAX_PAGE - 1 } });
      rows.push(...page.rows);
      if (rows.length >= page.total || page.rows.length === 0) break;
    }
    const header = [
      '번호',
      '충전 번호',
      '회원 번호',
      '종류',
      '상태',
      '금액',
      '공급가액',
      '세액',
      '환불',
      '상호/고객',
      '식별번호',
      '승인번호',
      '발행일시',
      '사유',
      '요청일시',
    ];
    return toCsv([
      header,
      ...rows.map((r) => [
        r.id,
        r.chargeId,
        r.memberId,
        RECEIPT_KIND_LABELS[r.kind],
        RECEIPT_STATUS_LABELS[r.status],
        r.amount,
        r.supplyCost,
        r.tax,
        r.refundedAmount,
        customerOf(r),
        maskIdentity(identityOf(r)),
        r.approvalNumber,
        r.issuedAt?.toISOString() ?? null,
        r.failure,
        r.createdAt.toISOString(),
      ]),
    ]);
  }

  /** 다시 발행: a waiting or held document is tried now (its partner must be configured). */
  async issue(id: number, operator: AuditActor): Promise<Receipt> {
    await this.command(id, operator, 'issue', (r, now) => {
      if (!this.issuer.configuredKinds().includes(r.kind)) throw new DomainError('RECEIPT_PARTNER_NOT_CONFIGURED');
      r.retry(now, `operator:${operator.loginId}`);
    });
    await this.issuer.runOne(id);
    return this.get(id);
  }

  /** 직접 발행: the 국세청 승인번호 of a document the operator issued in 홈택스. */
  manual(id: number, approvalNumber: string, operator: AuditActor): Promise<Receipt> {
    return this.command(id, operator, 'manual', (r, now) =>
      r.recordManual(approvalNumber, now, `operator:${operator.loginId}`),
    );
  }

  /**
   * 취소: an issued document is cancelled at its partner (Toss cancels the rest of the receipt, Popbill gets a
   * 수정세금계산서 for the rest); a waiting, held or hand-issued one only here (a hand-issued one is also
   * cancelled in 홈택스 by the operator). The partner's refusal is the answer, in its words.
   */
  async cancel(id: number, operator: AuditActor): Promise<Receipt> {
    const receipt = await this.get(id);
    if (receipt.status !== 'ISSUED')
      return this.command(id, operator, 'cancel', (r, now) => r.cancelLocally(now, `operator:${operator.loginId}`));
    try {
      await this.issuer.cancelIssued(id, async (tx, r) => {
        this.audit.record(tx, operator, {
          action: 'cancel',
          resource: 'receipts',
          resourceId: id,
          before: { status: 'ISSUED' },
          after: { status: r.status, adjustments: r.adjustments },
        });
        r.resolvedBy = `operator:${operator.loginId}`;
      });
    } catch (error) {
      if (error instanceof PartnerRefusal) throw new DomainError('RECEIPT_PARTNER_REFUSED', error.forPeople);
      if (error instanceof PartnerUnreachable) throw new DomainError('RECEIPT_PARTNER_UNAVAILABLE');
      throw error;
    }
    return this.get(id);
  }

  private command(
    id: number,
    operator: AuditActor,
    action: string,
    change: (receipt: Receipt, now: Date) => void,
  ): Promise<Receipt> {
    return this.em.fork().transactional(async (tx) => {
      const receipt = await tx.findOne(Receipt, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!receipt) throw new NotFoundError('RECEIPT_NOT_FOUND');
      const now = this.clock.now();
      receipt.assertNotClaimed(now);
      const before = adminReceiptView(receipt);
      change(receipt, now);
      await tx.flush();
      this.audit.record(tx, operator, {
        action,
        resource: 'receipts',
        resourceId: id,
        before,
        after: adminReceiptView(receipt),
      });
      return receipt;
    });
  }

  listForMember(memberId: number): Promise<Receipt[]> {
    return this.em.fork().find(Receipt, { memberId }, { orderBy: { id: 'DESC' }, limit: 200 });
  }

  /** The member corrects the 사업자등록번호 (and the rest of the invoice details) or the phone before issue. */
  fixForMember(memberId: number, id: number, feeValue: unknown): Promise<Receipt> {
    return this.em.fork().transactional(async (tx) => {
      const receipt = await tx.findOne(Receipt, { id, memberId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!receipt) throw new NotFoundError('RECEIPT_NOT_FOUND');
      const parsed = receiptDetailsSchema[receipt.kind].safeParse(feeValue ?? {});
      if (!parsed.success) throw inputRefusal(parsed.error.issues[0]?.message ?? RECEIPT_MESSAGES.notEditable);
      receipt.fix(parsed.data, this.clock.now());
      return receipt;
    });
  }

  /** One alert a Korean day while documents have waited (대기 or 실패) more than a day; answers how many wait. */
  async alertWaiting(): Promise<number> {
    const now = this.clock.now();
    const waiting = await this.em
      .fork()
      .find(
        Receipt,
        { status: { $in: ['PENDING', 'FAILED'] }, createdAt: { $lte: new Date(now.getTime() - DAY_MS) } },
        { orderBy: { id: 'ASC' }, limit: 20 },
      );
    if (waiting.length === 0) return 0;
    const count = await this.em.fork().count(Receipt, {
      status: { $in: ['PENDING', 'FAILED'] },
      createdAt: { $lte: new Date(now.getTime() - DAY_MS) },
    });
    const day = new Date(now.getTime() + KST_MS).toISOString().slice(0, 10);
    const list = waiting.map(
      (r) => `#${r.id} (${RECEIPT_KIND_LABELS[r.kind]}, 충전 #${r.chargeId}, ${RECEIPT_STATUS_LABELS[r.status]})`,
    );
    await this.alerts.raise(
      'RECEIPT_WAITING',
      `하루 넘게 발행되지 않은 증빙이 ${count}건 있습니다: ${list.join(', ')}${count > list.length ? ' …' : ''}. 증빙 발행에서 다시 발행하거나 홈택스 발행을 기록해 주세요.`,
      `receipt-waiting:${day}`,
    );
    return count;
  }
}
