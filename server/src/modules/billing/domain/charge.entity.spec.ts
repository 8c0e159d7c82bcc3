import { IllegalTransitionError } from '../../../shared/index.js';
import { CHARGE_STATUSES } from '../../../contracts/charge.js';
import { Charge, ChargeExpiredError, CHARGE_DEADLINE_MS, CHARGE_TRANSITIONS, EXPIRY } from './charge.entity.js';
import { Deposit, DEPOSIT_TRANSITIONS } from './deposit.entity.js';
import { depositorKey } from './depositor-key.js';

const CHARGE_STATES = [...CHARGE_STATUSES];
const t0 = new Date('2026-11-22T01:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const charge = (feeType: 'NONE' | 'FEE' = 'NONE', point = 10_000) =>
  Charge.request(
    7,
    feeType === 'FEE'
      ? {
          name: '홍 길동',
          point,
          feeType,
          feeValue: {
            company: 'c',
            businessNumber: '1234567890',
            leader: 'l',
            phone: '0212345678',
            jobType: 'j',
            jobType2: 'k',
            address: 'a',
            email: 'e@x.kr',
          },
        }
      : { name: '홍 길동', point, feeType, feeValue: null },
    t0,
    true,
  );

describe('Charge', () => {
  it('has one transition table: PENDING → SUCCESS | FAIL, nothing out of SUCCESS or FAIL', () => {
    expect(CHARGE_TRANSITIONS.moves).toEqual({ PENDING: ['SUCCESS', 'FAIL'], SUCCESS: [], FAIL: [] });
  });

  it.each(CHARGE_STATES.flatMap((from) => CHARGE_STATES.map((to) => [from, to] as const)))(
    'says in Korean why %s → %s is refused',
    (from, to) => {
      const expected: Record<(typeof CHARGE_STATES)[number], string | null> = {
        PENDING: to === 'PENDING' ? '이미 대기 상태인 충전입니다.' : null,
        SUCCESS: '이미 승인된 충전입니다.',
        FAIL: '이미 거절된 충전입니다.',
      };
      const message = expected[from];
      if (message === null) expect(() => CHARGE_TRANSITIONS.assert(from, to)).not.toThrow();
      else expect(() => CHARGE_TRANSITIONS.assert(from, to)).toThrow(expect.objectContaining({ status: 409, message }));
    },
  );

  it('starts PENDING with a deadline 3 hours after the request', () => {
    const c = charge();
    expect(c.status).toBe('PENDING');
    expect(c.expiresAt).toEqual(at(3 * 60 * 60 * 1000));
    expect(CHARGE_DEADLINE_MS).toBe(10_800_000);
    expect(c.depositorKey).toBe('홍길동');
  });

  it('asks for point × 1.1 in whole won with a tax invoice and credits point', () => {
    expect(charge('FEE', 10_000).depositAmount).toBe(11_000n);
    expect(charge('FEE', 10_000).point).toBe(10_000n);
    expect(charge('FEE', 12_345).depositAmount).toBe(13_579n); // 13,579.5 rounded down
    expect(charge('FEE', 99_999_999).depositAmount).toBe(109_999_998n);
    expect(charge('NONE', 12_345).depositAmount).toBe(12_345n);
  });

  it('accepts before the deadline, recording when and by whom', () => {
    const c = charge();
    c.accept(at(1000), 'operator:admin');
    expect(c).toMatchObject({ status: 'SUCCESS', responseAt: at(1000), resolvedBy: 'operator:admin', depositId: null });
  });

  it('refuses to accept at or after the deadline and leaves the charge as it was', () => {
    const c = charge();
    expect(() => c.accept(at(CHARGE_DEADLINE_MS), 'operator:admin')).toThrow(ChargeExpiredError);
    expect(c).toMatchObject({ status: 'PENDING', responseAt: null });
  });

  it('refuses every move out of SUCCESS and FAIL with a 409', () => {
    const accepted = charge();
    accepted.accept(at(1), 'operator:a');
    for (const move of [
      () => accepted.accept(at(2), 'b'),
      () => accepted.reject(at(2), 'b'),
      () => accepted.expire(at(CHARGE_DEADLINE_MS)),
    ]) {
      expect(move).toThrow(IllegalTransitionError);
    }
    expect(() => accepted.accept(at(2), 'b')).toThrow('이미 승인된 충전입니다.');
    const rejected = charge();
    rejected.reject(at(1), 'operator:a');
    expect(() => rejected.accept(at(2), 'b')).toThrow(
      expect.objectContaining({ status: 409, message: '이미 거절된 충전입니다.' }),
    );
  });

  it('says an expired charge expired when it is accepted late', () => {
    const c = charge();
    c.expire(at(CHARGE_DEADLINE_MS));
    expect(() => c.accept(at(CHARGE_DEADLINE_MS + 1), 'operator:a')).toThrow(ChargeExpiredError);
    expect(() => c.reject(at(CHARGE_DEADLINE_MS + 1), 'operator:a')).toThrow('이미 거절된 충전입니다.');
  });

  it('expires only once the deadline has passed', () => {
    const c = charge();
    expect(() => c.expire(at(CHARGE_DEADLINE_MS - 1))).toThrow();
    c.expire(at(CHARGE_DEADLINE_MS));
    expect(c).toMatchObject({ status: 'FAIL', resolvedBy: EXPIRY });
  });
});

describe('Deposit', () => {
  const deposit = (amount = 11_000n) =>
    Deposit.record({ bankTransactionId: 'tx-1', depositorName: ' 홍길동 ', amount, depositedAt: t0 }, 'bank-alert', t0);

  it('has one transition table: UNMATCHED → MATCHED | DISMISSED', () => {
    expect(DEPOSIT_TRANSITIONS.moves).toEqual({ UNMATCHED: ['MATCHED', 'DISMISSED'], MATCHED: [], DISMISSED: [] });
  });

  it('matches a charge of the same amount to deposit, once', () => {
    const d = deposit();
    d.match({ id: 3, depositAmount: 11_000n }, at(5), 'bank-alert');
    expect(d).toMatchObject({ status: 'MATCHED', chargeId: 3, resolvedBy: 'bank-alert' });
    expect(() => d.match({ id: 4, depositAmount: 11_000n }, at(6), 'x')).toThrow(IllegalTransitionError);
    expect(() => d.dismiss(at(6), 'x', null)).toThrow('이미 충전 요청과 매칭된 입금입니다.');
  });

  it('refuses a charge whose amount to deposit differs', () => {
    expect(() => deposit(10_000n).match({ id: 3, depositAmount: 11_000n }, at(5), 'x')).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });
});

describe('depositorKey', () => {
  it('ignores spacing, letter case and Unicode composition', () => {
    expect(depositorKey(' 홍 길동 ')).toBe(depositorKey('홍길동'));
    expect(depositorKey('홍길동'.normalize('NFD'))).toBe('홍길동');
    expect(depositorKey('Kim MinSu')).toBe('kimminsu');
    expect(depositorKey('홍길동')).not.toBe(depositorKey('홍길순'));
  });
});

describe('Charge paid through Toss', () => {
  const now = new Date('2026-11-24T00:00:00Z');
  const toss = () => Charge.requestToss(1, 10_000n, 'FEE', null, 'TRANSFER', now, true);

  it('charges point × 1.1 with a tax invoice and can never match a bank deposit', () => {
    const charge = toss();
    expect(charge.depositAmount).toBe(11_000n);
    expect(charge.method).toBe('TOSS');
    expect(charge.depositorKey.startsWith('#')).toBe(true);
  });

  it('keeps one payment per charge', () => {
    const charge = toss();
    charge.attachPayment('key-1', now);
    charge.attachPayment('key-1', now);
    expect(() => charge.attachPayment('key-2', now)).toThrow('이미 다른 결제로 진행 중인 충전 요청입니다.');
  });

  it('is credited when Toss says paid, even past the bank-transfer deadline, and only once', () => {
    const charge = toss();
    charge.acceptPaid(new Date(now.getTime() + 5 * 3600_000), 'toss:recheck');
    expect(charge.status).toBe('SUCCESS');
    expect(() => charge.acceptPaid(now, 'toss:webhook')).toThrow();
  });

  it('refunds in parts up to the points, giving back the rest of the payment on the last one', () => {
    const charge = toss();
    charge.acceptPaid(now, 'toss:confirm');
    expect(charge.refundAmountFor(3_333n)).toBe(3_666n);
    charge.recordRefund(3_333n, 3_666n);
    expect(charge.refundablePoint).toBe(6_667n);
    expect(charge.refundAmountFor(6_667n)).toBe(7_334n);
    charge.recordRefund(6_667n, 7_334n);
    expect(charge.refundedAmount).toBe(11_000n);
    expect(() => charge.recordRefund(1n, 1n)).toThrow();
  });
});

describe('points a refunded won amount takes back', () => {
  const taxed = () => {
    // 10,000 points for 11,000 won (세금계산서, +10 %), accepted.
    const c = charge('FEE');
    c.accept(t0, 'operator:a');
    return c;
  };

  it('rounds each part up and the last part takes exactly what is left, whatever the split', () => {
    for (const parts of [[3_000, 3_000, 5_000], [1, 1, 10_998], [5_500, 5_500], [10_999, 1], [11_000]]) {
      const c = taxed();
      for (const amount of parts) c.recordRefund(c.pointsRefundedBy(BigInt(amount)), BigInt(amount));
      expect([c.refundedPoint, c.refundedAmount]).toEqual([10_000n, 11_000n]);
    }
  });

  it('a won left after the points ran out is recorded without points; more than was paid is refused', () => {
    const c = taxed();
    for (let i = 0; i < 10_000; i++) c.recordRefund(c.pointsRefundedBy(1n), 1n);
    expect([c.refundedPoint, c.refundedAmount]).toEqual([10_000n, 10_000n]);
    expect(c.pointsRefundedBy(1_000n)).toBe(0n);
    c.recordRefund(0n, 1_000n);
    expect(() => c.recordRefund(0n, 1n)).toThrow('환불할 수 있는 금액을 넘었습니다.');
    expect(() => c.recordRefund(0n, 0n)).toThrow();
  });
});
