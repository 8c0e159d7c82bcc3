import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AlertsFacade } from '../../../../../alerts/index.js';
import { Clock, DomainError, RetrySchedule } from '../../../../../../shared/index.js';
import { TOSS_PAID_WHILE_CLOSED, tossOrderId } from '../../../../../../contracts/toss.js';
import type { Charge } from '../../../../domain/charge.entity.js';
import { ChargeSettlement } from '../../../charge-settlement.js';
import { RefundBookkeeping } from '../../../refund-bookkeeping.js';
import type { TossPayment } from '../../toss-client.js';
import { withLockedCharge } from '../../toss-charges.js';

/** How soon the re-check job asks Toss again about a payment whose state is not final: every minute, per charge. */
const TOSS_RECHECK = new RetrySchedule({ delays: { everyMs: 60_000 } });
const FINAL_FAILURES = new Set(['CANCELED', 'PARTIAL_CANCELED', 'ABORTED', 'EXPIRED']);

interface PaymentAlert {
  kind: 'PAYMENT_CANCELED' | 'PAYMENT_CLOSED_PAID';
  text: string;
  key: string;
}

/**
 * Applies Toss's word about the payment under the charge's row lock: DONE credits (once, and only
 * for the charge's amount), WAITING_FOR_DEPOSIT shows the virtual account, a final failure fails
 * the charge, anything else waits for the next check. The confirm, the webhook and the re-check job
 * all end here, so whichever gets there first settles it and the others find it settled.
 */
@Injectable()
export class ApplyTossPayment {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly settlement: ChargeSettlement,
    private readonly bookkeeping: RefundBookkeeping,
    private readonly alerts: AlertsFacade,
  ) {}

  async execute(chargeId: number, payment: TossPayment, by: string): Promise<Charge> {
    const alerts: PaymentAlert[] = [];
    const charge = await withLockedCharge(this.em, chargeId, async (charge, tx) => {
      const now = this.clock.now();
      if (payment.orderId !== tossOrderId(charge.id)) throw new DomainError('TOSS_WEBHOOK_OTHER_ORDER');
      charge.attachPayment(payment.paymentKey, now);
      charge.tossStatus = payment.status;
      if (payment.secret) charge.tossSecret = payment.secret;
      if (charge.status === 'SUCCESS') {
        alerts.push(...(await this.takeBackCancels(tx, charge, payment)));
        charge.nextCheckAt = null;
        return charge;
      }
      if (charge.status === 'FAIL') {
        charge.nextCheckAt = null;
        // Closed (member deleted, expired) yet Toss took the money: the operator refunds it from the console.
        if (payment.status === 'DONE' && !charge.tossFailure?.startsWith(TOSS_PAID_WHILE_CLOSED)) {
          charge.tossFailure = `${TOSS_PAID_WHILE_CLOSED} 토스가 ${payment.totalAmount}원을 결제 완료했습니다. 콘솔에서 환불해 주세요.`;
          alerts.push({
            kind: 'PAYMENT_CLOSED_PAID',
            text: `마감된 충전 #${charge.id} (회원 #${charge.memberId}, ${charge.resolvedBy ?? ''})에 토스 결제 ${payment.totalAmount}원이 완료되었습니다. 포인트는 지급하지 않았습니다. 콘솔의 충전 환불로 결제를 취소해 주세요.`,
            key: `toss-closed-paid:${charge.id}`,
          });
        }
        return charge;
      }
      if (payment.status === 'DONE') {
        if (BigInt(payment.totalAmount) !== charge.depositAmount) {
          // Never credit what was not the charge's amount; the operator sees why it waits.
          charge.tossFailure = `amount ${payment.totalAmount} differs from ${charge.depositAmount}`;
          charge.nextCheckAt = null;
          return charge;
        }
        await this.settlement.acceptPaidIn(tx, charge, by);
      } else if (payment.status === 'WAITING_FOR_DEPOSIT' && payment.virtualAccount) {
        const va = payment.virtualAccount;
        charge.awaitDeposit(
          {
            bankCode: va.bankCode,
            accountNumber: va.accountNumber,
            customerName: va.customerName ?? null,
            dueDate: va.dueDate,
          },
          payment.secret ?? null,
          now,
        );
      } else if (FINAL_FAILURES.has(payment.status)) {
        charge.failPayment(now, by, `Toss ${payment.status}`);
      } else if (now >= charge.expiresAt && (payment.status === 'READY' || payment.status === 'IN_PROGRESS')) {
        charge.failPayment(now, by, `Toss ${payment.status} past the deadline`);
      } else {
        charge.nextCheckAt = TOSS_RECHECK.next(1, now);
      }
      return charge;
    });
    for (const alert of alerts) await this.alerts.raise(alert.kind, alert.text, alert.key);
    return charge;
  }

  /**
   * Cancels of a credited payment that the shop did not make (Toss's dashboard, a chargeback, a partial
   * cancel): each, once by its transaction key, takes back the points it paid for (CHARGE_REFUND referencing
   * the transaction; what the balance cannot cover becomes the member's debt, which blocks ordering) and
   * the referrer's share and the top-up bonus's. Answers the operator alerts to raise, with the figures.
   */
  private async takeBackCancels(tx: EntityManager, charge: Charge, payment: TossPayment): Promise<PaymentAlert[]> {
    const settled = new Set(charge.tossSettledCancels ?? []);
    const alerts: PaymentAlert[] = [];
    for (const cancel of payment.cancels ?? []) {
      const key = String(cancel.transactionKey).slice(0, 64);
      if (settled.has(key)) continue;
      settled.add(key);
      const left = charge.depositAmount - charge.refundedAmount;
      const amount = BigInt(cancel.cancelAmount) < left ? BigInt(cancel.cancelAmount) : left;
      const points = charge.pointsRefundedBy(amount);
      let taken = 0n;
      let unrecovered = 0n;
      if (points > 0n)
        ({ taken, unrecovered } = await this.bookkeeping.takeBackIn(tx, charge, {
          points,
          amount,
          reference: { type: 'toss-cancel', id: key },
          memo: `충전 #${charge.id} 토스 결제 취소 (${cancel.cancelReason ?? ''})`.slice(0, 500),
          reclaimKey: key,
        }));
      alerts.push({
        kind: 'PAYMENT_CANCELED',
        text: `충전 #${charge.id} (회원 #${charge.memberId})의 토스 결제 ${cancel.cancelAmount}원이 상점 밖에서 취소되었습니다 (${payment.status}, ${cancel.cancelReason ?? ''}). 포인트 ${points} 회수: ${taken} 차감, ${unrecovered} 미회수${unrecovered > 0n ? ' (정산 전까지 주문 불가)' : ''}.`,
        key: `toss-cancel:${key}`,
      });
    }
    charge.tossSettledCancels = [...settled];
    return alerts;
  }
}
