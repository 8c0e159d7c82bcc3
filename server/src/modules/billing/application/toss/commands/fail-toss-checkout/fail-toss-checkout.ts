import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '../../../../../../shared/index.js';
import { TOSS_MESSAGES, type TossConfirmResult } from '../../../../../../contracts/toss.js';
import { confirmResult, ownTossCharge, withLockedCharge } from '../../toss-charges.js';

/** The fail page: the member left the window (or it failed) before any payment existed. */
@Injectable()
export class FailTossCheckout {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async execute(
    memberId: number,
    input: { orderId: string; code?: string; message?: string },
  ): Promise<TossConfirmResult> {
    const found = await ownTossCharge(this.em, memberId, input.orderId);
    const charge = await withLockedCharge(this.em, found.id, (charge) => {
      if (charge.status === 'PENDING' && !charge.tossPaymentKey)
        charge.failPayment(
          this.clock.now(),
          'toss:window',
          `${input.code ?? 'FAIL'}: ${input.message ?? ''}`.slice(0, 500),
        );
      return charge;
    });
    return {
      ...confirmResult(charge),
      message:
        input.code === 'PAY_PROCESS_CANCELED' ? TOSS_MESSAGES.canceledByUser : input.message || TOSS_MESSAGES.failed,
    };
  }
}
