import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Clock } from '../../../shared/index.js';
import type { CashReceipt, FeeType, TaxInvoice } from '../../../contracts/charge.js';
import type { ReceiptKind } from '../../../contracts/receipts.js';
import { Receipt } from '../domain/receipt.entity.js';

/** What billing hands over about an accepted charge (its Charge satisfies it). */
export interface ReceiptCharge {
  id: number;
  memberId: number;
  method: 'BANK_TRANSFER' | 'TOSS';
  tossMethod: 'CARD' | 'TRANSFER' | 'VIRTUAL_ACCOUNT' | null;
  feeType: FeeType;
  feeValue: TaxInvoice | CashReceipt | null;
  depositAmount: bigint;
}

/** What billing hands over about a refund: the won refunded so far, in all. */
export interface RefundedCharge {
  id: number;
  refundedAmount: bigint;
}

/**
 * Which document a charge asks for: a 현금영수증 for a bank transfer (a Toss payment keeps the receipt Toss's
 * own window issues), a 세금계산서 for a bank transfer or a Toss transfer or virtual account (a card payment
 * has its card slip and cannot carry one; Toss issues no cash receipt for it).
 */
export function receiptKindFor(charge: ReceiptCharge): ReceiptKind | null {
  if (charge.feeType === 'CASH' && charge.method === 'BANK_TRANSFER') return 'CASH_RECEIPT';
  if (charge.feeType === 'FEE' && charge.tossMethod !== 'CARD') return 'TAX_INVOICE';
  return null;
}

/** Billing's two hooks: in its own transaction, so the document is recorded (대기) exactly when the charge moves. */
@Injectable()
export class ReceiptsFacade {
  constructor(private readonly clock: Clock) {}

  /** The charge was accepted: its document waits as 대기; the outbound job issues it after commit. */
  async chargeAccepted(tx: EntityManager, charge: ReceiptCharge): Promise<void> {
    const kind = receiptKindFor(charge);
    if (!kind || !charge.feeValue) return;
    if (await tx.count(Receipt, { chargeId: charge.id, kind })) return;
    tx.persist(
      Receipt.request(
        { chargeId: charge.id, memberId: charge.memberId, total: charge.depositAmount },
        kind,
        charge.feeValue,
        this.clock.now(),
      ),
    );
    await tx.flush();
  }

  /** The charge was refunded (in part or whole): its documents follow (cancelled, or adjusted after issue). */
  async chargeRefunded(tx: EntityManager, charge: RefundedCharge): Promise<void> {
    const receipts = await tx.find(Receipt, { chargeId: charge.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const now = this.clock.now();
    for (const receipt of receipts) if (receipt.status !== 'CANCELED') receipt.refund(charge.refundedAmount, now);
    await tx.flush();
  }
}
