import { backoffMs, claimNote, OrderDispatch, UNCERTAIN_MARK } from './order-dispatch.entity.js';

const now = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('order dispatch', () => {
  it('is held from its claim until an outcome is recorded', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    expect(dispatch).toMatchObject({
      id: 7,
      providerId: 3,
      providerOrderId: null,
      attempts: 0,
      nextAttemptAt: null,
      isHeld: true,
      isDue: false,
    });
    expect(dispatch.lastError).toContain(UNCERTAIN_MARK);
  });

  it('records failed sends with a growing backoff, then the send', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.failed('add: Not enough funds on balance', now);
    expect(dispatch).toMatchObject({
      attempts: 1,
      lastError: 'add: Not enough funds on balance',
      nextAttemptAt: at(30_000),
      isDue: true,
    });
    dispatch.claimAgain(claimNote(at(30_000)), at(30_000));
    dispatch.failed('timeout', at(30_000));
    expect(dispatch).toMatchObject({ attempts: 2, nextAttemptAt: at(90_000) });
    dispatch.claimAgain(claimNote(at(90_000)), at(90_000));
    dispatch.sent('up-1', at(90_000));
    expect(dispatch).toMatchObject({
      providerOrderId: 'up-1',
      lastError: null,
      nextAttemptAt: null,
      isHeld: false,
      isDue: false,
    });
    expect(() => dispatch.claimAgain('x', now)).toThrow('already placed upstream');
  });

  it('holds an uncertain answer for an operator, never due again by itself', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.holdUncertain('add: no answer within 1000 ms', now);
    expect(dispatch).toMatchObject({ nextAttemptAt: null, isHeld: true });
    expect(dispatch.lastError).toBe(
      `${UNCERTAIN_MARK} add: no answer within 1000 ms: 공급사에 주문이 들어갔을 수 있어 자동으로 다시 보내지 않습니다. 공급사에서 주문 여부를 확인한 뒤 재전송하거나 공급사 주문번호를 연결하세요.`,
    );
  });

  it('flags a running order once per note, and a moved status settles the flag', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.sent('up-1', now);
    expect(dispatch.flag(`${UNCERTAIN_MARK} 공급사 상태 확인 필요: On hold`, now)).toBe(true);
    expect(dispatch.flag(`${UNCERTAIN_MARK} 공급사 상태 확인 필요: On hold`, now)).toBe(false);
    dispatch.settleFlag(now);
    expect(dispatch.lastError).toBeNull();
  });

  it('backs off 30 s, 1 min, 2 min ... at most an hour', () => {
    expect([1, 2, 3, 8, 20].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
  });
});
