import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Clock,
  filterId,
  filterOneOf,
  findPage,
  MAX_PAGE,
  NotFoundError,
  toCsv,
  type ListQuery,
  type Page,
} from '../../../../../shared/index.js';
import {
  maskIdentity,
  RECEIPT_KIND_LABELS,
  RECEIPT_KINDS,
  RECEIPT_STATUS_LABELS,
  RECEIPT_STATUSES,
  type ReceiptKind,
  type ReceiptMonthTotal,
} from '../../../../../contracts/receipts.js';
import { Receipt } from '../../../domain/receipt.entity.js';
import { customerOf, DAY_MS, identityOf, koreanMonthRange, monthFilter } from '../../receipt-views.js';

/** The documents as the console (list, one, month totals, the accountant's CSV) and the member read them. */
@Injectable()
export class ListReceipts {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
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

  listForMember(memberId: number): Promise<Receipt[]> {
    return this.em.fork().find(Receipt, { memberId }, { orderBy: { id: 'DESC' }, limit: 200 });
  }
}
