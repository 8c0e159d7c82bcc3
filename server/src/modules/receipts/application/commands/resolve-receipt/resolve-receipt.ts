import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { AuditFacade, type AuditActor } from '../../../../audit/index.js';
import { Clock, DomainError, NotFoundError } from '../../../../../shared/index.js';
import { Receipt } from '../../../domain/receipt.entity.js';
import { ReceiptIssuer } from '../../receipt-issuer.js';
import { PartnerRefusal, PartnerUnreachable } from '../../partners/partner-errors.js';
import { adminReceiptView } from '../../receipt-views.js';
import { ListReceipts } from '../../queries/list-receipts/list-receipts.js';

/** An operator's command on one document (issue again, record a hand issue, cancel), audited in its transaction. */
@Injectable()
export class ResolveReceipt {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly audit: AuditFacade,
    private readonly issuer: ReceiptIssuer,
    private readonly receipts: ListReceipts,
  ) {}

  /** 다시 발행: a waiting or held document is tried now (its partner must be configured). */
  async issue(id: number, operator: AuditActor): Promise<Receipt> {
    await this.command(id, operator, 'issue', (r, now) => {
      if (!this.issuer.configuredKinds().includes(r.kind)) throw new DomainError('RECEIPT_PARTNER_NOT_CONFIGURED');
      r.retry(now, `operator:${operator.loginId}`);
    });
    await this.issuer.runOne(id);
    return this.receipts.get(id);
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
    const receipt = await this.receipts.get(id);
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
    return this.receipts.get(id);
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
}
