import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, DomainError } from '../../../../../../shared/index.js';
import { chargeIdOfOrder } from '../../../../../../contracts/toss.js';
import { Charge } from '../../../../domain/charge.entity.js';
import { TossClient } from '../../toss-client.js';
import { readPayment, withLockedCharge } from '../../toss-charges.js';
import { ApplyTossPayment } from '../apply-toss-payment/apply-toss-payment.js';

export interface TossWebhook {
  eventType?: string;
  secret?: string;
  status?: string;
  orderId?: string;
  transactionKey?: string;
  data?: { paymentKey?: string; orderId?: string };
}

/**
 * Toss's webhook. A DEPOSIT_CALLBACK must repeat the payment's secret; every event is then
 * verified by reading the payment from Toss, and that answer (not the webhook's body) is applied,
 * so repeats and out-of-order deliveries settle the same way.
 */
@Injectable()
export class ReceiveTossWebhook {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly toss: TossClient,
    private readonly applyPayment: ApplyTossPayment,
  ) {}

  async execute(body: TossWebhook): Promise<{ ok: true; status: string }> {
    const orderId = body.orderId ?? body.data?.orderId ?? '';
    const id = chargeIdOfOrder(orderId);
    const charge = id === null ? null : await this.em.fork().findOne(Charge, id);
    if (!charge || charge.method !== 'TOSS' || !charge.tossPaymentKey)
      throw new DomainError('TOSS_WEBHOOK_CHARGE_UNKNOWN');
    if (body.eventType === 'PAYMENT_STATUS_CHANGED') {
      if (body.data?.paymentKey !== charge.tossPaymentKey) throw new DomainError('TOSS_WEBHOOK_REFUSED');
    } else if (!charge.tossSecret || !sameSecret(body.secret, charge.tossSecret)) {
      throw new DomainError('TOSS_WEBHOOK_REFUSED');
    }
    const payment = await readPayment(this.toss, charge.tossPaymentKey);
    if (!payment) {
      // A change to a settled charge (a cancel made elsewhere) must not be lost: the re-check job asks too.
      if (charge.status !== 'PENDING')
        await withLockedCharge(this.em, charge.id, (locked) => {
          locked.nextCheckAt = this.clock.now();
        });
      throw new DomainError('TOSS_UNAVAILABLE');
    }
    const after = await this.applyPayment.execute(charge.id, payment, 'toss:webhook');
    return { ok: true, status: after.status };
  }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
