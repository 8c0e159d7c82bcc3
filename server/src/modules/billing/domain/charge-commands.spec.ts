import {
  chargeCommands,
  CHARGE_STATUSES,
  refundableAmount,
  refundablePoint,
  type ChargeStatus,
} from '../../../contracts/index.js';
import { Charge } from './charge.entity.js';

/** The console's accept, reject and refund buttons (contracts/commands.ts) against what a Charge itself accepts. */
const t0 = new Date('2026-11-22T01:00:00Z');
const succeeds = (run: () => unknown) => {
  try {
    run();
    return true;
  } catch {
    return false;
  }
};

type Way = 'bank' | 'toss' | 'toss-paid';
function chargeIn(status: ChargeStatus, way: Way): Charge {
  const charge =
    way === 'bank'
      ? Charge.request(7, { name: '홍길동', point: 10_000, feeType: 'NONE', feeValue: null }, t0, true)
      : Charge.requestToss(7, 10_000n, 'NONE', null, 'CARD', t0, true);
  if (way === 'toss-paid') charge.tossPaymentKey = 'pk-1';
  charge.status = status;
  if (status === 'SUCCESS') {
    charge.refundedPoint = 4_000n;
    charge.refundedAmount = 4_000n;
  }
  return charge;
}

describe('which commands a charge allows', () => {
  const cases = CHARGE_STATUSES.flatMap((status) =>
    (['bank', 'toss', 'toss-paid'] as const).map((way) => [status, way] as const),
  );

  it.each(cases)('%s (%s): accept and reject exactly when the charge takes them', (status, way) => {
    const allowed = chargeCommands(chargeIn(status, way));
    expect(allowed.includes('accept')).toBe(succeeds(() => chargeIn(status, way).accept(t0, 'operator:a')));
    expect(allowed.includes('reject')).toBe(succeeds(() => chargeIn(status, way).reject(t0, 'operator:a')));
  });

  it.each(cases)('%s (%s): refund of what the charge says is still refundable', (status, way) => {
    const charge = chargeIn(status, way);
    // A Toss charge gives back points (Toss pays the won), a bank transfer won (the points follow).
    const room = charge.method === 'TOSS' ? Number(charge.refundablePoint) : 0;
    const won = charge.method === 'BANK_TRANSFER' && charge.status === 'SUCCESS' ? 6_000 : 0;
    expect(refundablePoint(charge)).toBe(room);
    expect(refundableAmount(charge)).toBe(won);
    expect(chargeCommands(charge).includes('refund')).toBe(room > 0 || won > 0);
  });
});
