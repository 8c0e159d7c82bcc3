import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Clock, DomainError } from '../../../../../../shared/index.js';
import { TOSS_MESSAGES, type TossConfirmResult } from '../../../../../../contracts/toss.js';
import { Charge } from '../../../../domain/charge.entity.js';
import { TossClient, TossRefusal, TossUnreachable, type TossPayment } from '../../toss-client.js';
import { confirmResult, ownTossCharge, readPayment, withLockedCharge } from '../../toss-charges.js';
import { GetTossEnabled } from '../../queries/get-toss-enabled/get-toss-enabled.js';
import { ApplyTossPayment } from '../apply-toss-payment/apply-toss-payment.js';

/**
 * The success page's confirm. Refused (nothing changes) unless the amount is the charge's; the
 * payment key is recorded before asking Toss, so a lost answer is still re-checked by the job.
 * The server never trusts the browser: the credit happens only when Toss says DONE.
 */
@Injectable()
export class ConfirmTossPayment {
  private readonly logger = new Logger('TossPayments');

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly toss: TossClient,
    private readonly tossEnabled: GetTossEnabled,
    private readonly applyPayment: ApplyTossPayment,
  ) {}

  async execute(
    memberId: number,
    input: { paymentKey: string; orderId: string; amount: number },
  ): Promise<TossConfirmResult> {
    await this.tossEnabled.assert();
    const found = await ownTossCharge(this.em, memberId, input.orderId);
    if (BigInt(input.amount) !== found.depositAmount) throw new DomainError('TOSS_AMOUNT_MISMATCH');
    if (found.status !== 'PENDING') {
      if (found.tossPaymentKey === input.paymentKey) return confirmResult(found);
      throw new DomainError('TOSS_CLOSED');
    }
    await withLockedCharge(this.em, found.id, (charge) => charge.attachPayment(input.paymentKey, this.clock.now()));
    let payment: TossPayment;
    try {
      payment = await this.toss.confirm(input.paymentKey, input.orderId, Number(found.depositAmount));
    } catch (error) {
      if (error instanceof TossRefusal && error.code === 'ALREADY_PROCESSED_PAYMENT') {
        // Another confirm (a second tab, a retry) got there first: read where the payment stands.
        const read = await readPayment(this.toss, input.paymentKey);
        if (!read) return confirmResult(await this.reload(found.id));
        payment = read;
      } else if (error instanceof TossRefusal) {
        await this.noteFailure(found.id, `${error.code}: ${error.tossMessage}`);
        throw new DomainError('TOSS_FAILED', error.tossMessage || TOSS_MESSAGES.failed);
      } else if (error instanceof TossUnreachable) {
        this.logger.warn(`confirm of charge ${found.id} unanswered (${error.message}); the re-check job takes over`);
        return confirmResult(await this.reload(found.id));
      } else throw error;
    }
    return confirmResult(await this.applyPayment.execute(found.id, payment, 'toss:confirm'));
  }

  /** Toss refused the confirm: its reason stays on the charge and the job reads the payment again soon. */
  private async noteFailure(chargeId: number, reason: string): Promise<void> {
    await withLockedCharge(this.em, chargeId, (charge) => {
      charge.tossFailure = reason.slice(0, 500);
      charge.nextCheckAt = this.clock.now();
    });
  }

  private reload(id: number): Promise<Charge> {
    return this.em.fork().findOneOrFail(Charge, id);
  }
}
