import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../../../shared/index.js';
import { chargeIdOfOrder, TOSS_MESSAGES, type TossConfirmResult } from '../../../../contracts/toss.js';
import { Charge } from '../../domain/charge.entity.js';
import { TossClient, TossUnreachable, type TossPayment } from './toss-client.js';

// What the Toss use cases share: finding and locking a Toss charge, reading Toss, the storefront's answer.

/** The member's own Toss charge behind Toss's orderId, or the charge-unknown 404. */
export async function ownTossCharge(em: EntityManager, memberId: number, orderId: string): Promise<Charge> {
  const id = chargeIdOfOrder(orderId);
  const charge = id === null ? null : await em.fork().findOne(Charge, id);
  if (!charge || charge.memberId !== memberId || charge.method !== 'TOSS')
    throw new NotFoundError('TOSS_CHARGE_UNKNOWN');
  return charge;
}

/** Runs `change` on the charge in a transaction of its own, under the charge's row lock. */
export function withLockedCharge<T>(
  em: EntityManager,
  chargeId: number,
  change: (charge: Charge, tx: EntityManager) => T | Promise<T>,
): Promise<T> {
  return em.fork().transactional(async (tx) => {
    const charge = await tx.findOneOrFail(Charge, chargeId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return change(charge, tx);
  });
}

/** GET the payment; null when Toss cannot be asked right now (the job asks again). */
export async function readPayment(toss: TossClient, paymentKey: string): Promise<TossPayment | null> {
  try {
    return await toss.get(paymentKey);
  } catch (error) {
    if (error instanceof TossUnreachable) return null;
    throw error;
  }
}

/** What the storefront's success and fail pages show of a Toss charge. */
export function confirmResult(charge: Charge): TossConfirmResult {
  const waiting = charge.status === 'PENDING' && charge.virtualAccount !== null;
  const status = charge.status === 'PENDING' ? (waiting ? 'WAITING_FOR_DEPOSIT' : 'PENDING') : charge.status;
  const message = {
    SUCCESS: TOSS_MESSAGES.paid,
    FAIL: TOSS_MESSAGES.failed,
    WAITING_FOR_DEPOSIT: TOSS_MESSAGES.waitingForDeposit,
    PENDING: TOSS_MESSAGES.pending,
  }[status];
  return {
    chargeId: charge.id,
    status,
    message,
    point: Number(charge.point),
    amount: Number(charge.depositAmount),
    virtualAccount: charge.virtualAccount,
  };
}
