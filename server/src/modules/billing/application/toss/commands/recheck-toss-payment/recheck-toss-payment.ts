import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../../shared/index.js';
import { Charge } from '../../../../domain/charge.entity.js';
import { TossClient, TossRefusal, type TossPayment } from '../../toss-client.js';
import { withLockedCharge } from '../../toss-charges.js';
import { ApplyTossPayment } from '../apply-toss-payment/apply-toss-payment.js';

/** The re-check job's step for one charge: asks Toss and applies the answer. */
@Injectable()
export class RecheckTossPayment {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly toss: TossClient,
    private readonly applyPayment: ApplyTossPayment,
  ) {}

  async execute(chargeId: number): Promise<void> {
    const charge = await this.em.fork().findOne(Charge, chargeId);
    // A settled charge is re-checked only when asked to (a webhook that could not read Toss).
    if (!charge?.tossPaymentKey || (charge.status !== 'PENDING' && charge.nextCheckAt === null)) return;
    let payment: TossPayment;
    try {
      payment = await this.toss.get(charge.tossPaymentKey);
    } catch (error) {
      if (error instanceof TossRefusal && error.status === 404) {
        // Toss never had this payment (the window failed before it existed): it can never be paid.
        await withLockedCharge(this.em, chargeId, (locked) => {
          if (locked.status === 'PENDING')
            locked.failPayment(this.clock.now(), 'toss:recheck', `${error.code}: ${error.tossMessage}`);
        });
        return;
      }
      throw error;
    }
    await this.applyPayment.execute(chargeId, payment, 'toss:recheck');
  }
}
