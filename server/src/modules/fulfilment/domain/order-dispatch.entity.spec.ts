import { IllegalTransitionError } from '../../../shared/index.js';
import {
  claimNote,
  DISPATCH_RETRY,
  DISPATCH_TRANSITIONS,
  DispatchStatus,
  OrderDispatch,
  POLLED_DISPATCH_STATUSES,
  UNCERTAIN_MARK,
} from './order-dispatch.entity.js';

const now = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const { DUE, CLAIMED, UNCERTAIN, SENT, FLAGGED, FINISHED, ORPHANED } = DispatchStatus;

/** A record in `status` (as the database hands it back). */
const recordIn = (status: DispatchStatus) => Object.assign(OrderDispatch.claim(7, 3, claimNote(now), now), { status });

describe('order dispatch', () => {
  it('the state table: exactly these moves, from every state to every state, with Korean labels and refusals', () => {
    const all = Object.values(DispatchStatus);
    const allowed = new Set([
      'DUE>CLAIMED',
      'DUE>SENT',
      'CLAIMED>CLAIMED',
      'CLAIMED>SENT',
      'CLAIMED>DUE',
      'CLAIMED>UNCERTAIN',
      'CLAIMED>ORPHANED',
      'UNCERTAIN>CLAIMED',
      'UNCERTAIN>SENT',
      'SENT>FLAGGED',
      'SENT>FINISHED',
      'FLAGGED>FLAGGED',
      'FLAGGED>SENT',
      'FLAGGED>FINISHED',
    ]);
    for (const from of all)
      for (const to of all) expect(DISPATCH_TRANSITIONS.allows(from, to)).toBe(allowed.has(`${from}>${to}`));
    expect(all.map((s) => DISPATCH_TRANSITIONS.label(s))).toEqual([
      '재전송 대기',
      '전송 중',
      '확인 필요',
      '전송됨',
      '상태 확인 필요',
      '종료',
      '전송 중 주문 종료',
    ]);
    expect(DISPATCH_TRANSITIONS.refusal(SENT, CLAIMED)).toBe('이미 공급사에 전송된 주문입니다.');
    expect(DISPATCH_TRANSITIONS.refusal(FINISHED, FLAGGED)).toBe('이미 끝난 주문의 전송 기록입니다.');
    expect(DISPATCH_TRANSITIONS.refusal(DUE, UNCERTAIN)).toBe(
      '재전송 대기 상태의 공급사 전송은 전송 중 또는 전송됨으로만 바꿀 수 있습니다.',
    );
    // What the status sync polls (and may finish) is read from the table.
    expect(POLLED_DISPATCH_STATUSES).toEqual([SENT, FLAGGED]);
  });

  it('every method refuses a move the table does not have, and leaves the record as it was', () => {
    const moves: [string, (d: OrderDispatch) => unknown, DispatchStatus][] = [
      ['claimAgain', (d) => d.claimAgain('x', now), CLAIMED],
      ['sent', (d) => d.sent('up-9', now), SENT],
      ['failed', (d) => d.failed('refused', now), DUE],
      ['holdUncertain', (d) => d.holdUncertain('timeout', now), UNCERTAIN],
      ['flag', (d) => d.flag(`${UNCERTAIN_MARK} other`, now), FLAGGED],
      ['orphaned', (d) => d.orphaned('up-9', now), ORPHANED],
      ['finished', (d) => d.finished(now), FINISHED],
    ];
    for (const from of Object.values(DispatchStatus))
      for (const [name, move, to] of moves) {
        const record = recordIn(from);
        const before = { ...record.view() };
        if (DISPATCH_TRANSITIONS.allows(from, to)) {
          move(record);
          expect([name, from, record.status]).toEqual([name, from, to]);
        } else {
          expect(() => move(record)).toThrow(IllegalTransitionError);
          expect(record.view()).toEqual(before);
        }
      }
  });

  it('is CLAIMED (held) from its claim until an outcome is recorded', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    expect(dispatch).toMatchObject({
      id: 7,
      providerId: 3,
      status: CLAIMED,
      providerOrderId: null,
      attempts: 0,
      nextAttemptAt: null,
      isHeld: true,
      isDue: false,
      mayResend: true,
    });
    expect(dispatch.lastError).toContain(UNCERTAIN_MARK);
  });

  it('records failed sends with a growing backoff, then the send', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.failed('add: Not enough funds on balance', now);
    expect(dispatch).toMatchObject({
      status: DUE,
      attempts: 1,
      lastError: 'add: Not enough funds on balance',
      nextAttemptAt: at(30_000),
      isDue: true,
      isHeld: false,
    });
    dispatch.claimAgain(claimNote(at(30_000)), at(30_000));
    expect(dispatch).toMatchObject({ status: CLAIMED, nextAttemptAt: null });
    dispatch.failed('timeout', at(30_000));
    expect(dispatch).toMatchObject({ attempts: 2, nextAttemptAt: at(90_000) });
    dispatch.claimAgain(claimNote(at(90_000)), at(90_000));
    dispatch.sent('up-1', at(90_000));
    expect(dispatch).toMatchObject({
      status: SENT,
      providerOrderId: 'up-1',
      lastError: null,
      nextAttemptAt: null,
      isHeld: false,
      isDue: false,
      mayResend: false,
    });
    expect(() => dispatch.claimAgain('x', now)).toThrow('이미 공급사에 전송된 주문입니다.');
  });

  it('holds an uncertain answer for an operator, never due again by itself', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.holdUncertain('add: no answer within 1000 ms', now);
    expect(dispatch).toMatchObject({ status: UNCERTAIN, nextAttemptAt: null, isHeld: true, mayResend: true });
    expect(dispatch.lastError).toBe(
      `${UNCERTAIN_MARK} add: no answer within 1000 ms: 공급사에 주문이 들어갔을 수 있어 자동으로 다시 보내지 않습니다. 공급사에서 주문 여부를 확인한 뒤 재전송하거나 공급사 주문번호를 연결하세요.`,
    );
  });

  it('flags a running order once per note, and a moved status settles the flag', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.sent('up-1', now);
    expect(dispatch.flag(`${UNCERTAIN_MARK} 공급사 상태 확인 필요: On hold`, now)).toBe(true);
    expect(dispatch.status).toBe(FLAGGED);
    expect(dispatch.flag(`${UNCERTAIN_MARK} 공급사 상태 확인 필요: On hold`, now)).toBe(false);
    dispatch.settleFlag(now);
    expect(dispatch).toMatchObject({ status: SENT, lastError: null });
    dispatch.settleFlag(now);
    expect(dispatch.status).toBe(SENT);
    dispatch.finished(at(1000));
    expect(dispatch).toMatchObject({ status: FINISHED, finishedAt: at(1000) });
  });

  it('an order that ended while its request was out: ORPHANED, the upstream order named in the note', () => {
    const dispatch = OrderDispatch.claim(7, 3, claimNote(now), now);
    dispatch.orphaned('up-5', now);
    expect(dispatch).toMatchObject({ status: ORPHANED, providerOrderId: null, finishedAt: now, isHeld: false });
    expect(dispatch.lastError).toContain('up-5');
  });

  it('backs off 30 s, 1 min, 2 min ... at most an hour', () => {
    expect([1, 2, 3, 8, 20].map((n) => DISPATCH_RETRY.delayMs(n))).toEqual([
      30_000, 60_000, 120_000, 3_600_000, 3_600_000,
    ]);
  });
});
