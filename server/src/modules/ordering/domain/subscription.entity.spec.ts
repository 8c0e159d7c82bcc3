import { IllegalTransitionError } from '../../../shared/index.js';
import { Subscription, SubscriptionStatus, SUBSCRIPTION_TRANSITIONS } from './subscription.entity.js';

const now = new Date('2026-11-24T12:00:00Z');
const make = (point = 10_000n) =>
  Subscription.subscribe({
    memberId: 1,
    service: { id: 2, providerId: 3, providerServiceId: '77' },
    username: 'kim',
    min: 50,
    max: 100,
    posts: 10,
    oldPosts: 0,
    delay: 0,
    expiry: null,
    point,
    now,
  });

describe('Subscription', () => {
  it('the state table: exactly these moves, from every state to every state, with Korean labels and refusals', () => {
    const all = Object.values(SubscriptionStatus);
    const allowed = new Set([
      'ACTIVE>PAUSED',
      'ACTIVE>COMPLETED',
      'ACTIVE>CANCELED',
      'ACTIVE>EXPIRED',
      'PAUSED>ACTIVE',
      'PAUSED>COMPLETED',
      'PAUSED>CANCELED',
      'PAUSED>EXPIRED',
    ]);
    for (const from of all)
      for (const to of all) expect(SUBSCRIPTION_TRANSITIONS.allows(from, to)).toBe(allowed.has(`${from}>${to}`));
    expect(all.map((s) => SUBSCRIPTION_TRANSITIONS.label(s))).toEqual(['진행중', '일시정지', '완료', '취소', '만료']);
    expect(SUBSCRIPTION_TRANSITIONS.refusal(SubscriptionStatus.CANCELED, SubscriptionStatus.ACTIVE)).toBe(
      '이미 취소된 구독입니다.',
    );
    expect(SUBSCRIPTION_TRANSITIONS.refusal(SubscriptionStatus.EXPIRED, SubscriptionStatus.CANCELED)).toBe(
      '이미 만료된 구독입니다.',
    );
    expect(SUBSCRIPTION_TRANSITIONS.refusal(SubscriptionStatus.COMPLETED, SubscriptionStatus.CANCELED)).toBe(
      '이미 완료된 구독입니다.',
    );
  });

  it('snapshots the provider and is due for sending at once', () => {
    expect(make()).toMatchObject({
      status: 'ACTIVE',
      providerId: 3,
      providerServiceId: '77',
      nextCheckAt: now,
      used: 0n,
      refunded: 0n,
    });
    const manual = Subscription.subscribe({
      memberId: 1,
      service: { id: 2, providerId: null, providerServiceId: null },
      username: 'kim',
      min: 1,
      max: 1,
      posts: 1,
      oldPosts: 0,
      delay: 0,
      expiry: null,
      point: 1n,
      now,
    });
    expect(manual).toMatchObject({ providerId: null, nextCheckAt: null });
  });

  it('child posts take their cost out of the prepayment, never more than is left; the end refunds the rest once', () => {
    const s = make(1000n);
    expect(s.takePost(300n, now)).toBe(300n);
    expect(s.takePost(600n, now)).toBe(600n);
    expect(s.takePost(300n, now)).toBe(100n);
    expect(s).toMatchObject({ used: 1000n, postsUsed: 3 });
    expect(s.moveTo(SubscriptionStatus.COMPLETED, now)).toBe(0n);

    const c = make(1000n);
    c.takePost(250n, now);
    expect(c.moveTo(SubscriptionStatus.PAUSED, now)).toBe(0n);
    expect(c.moveTo(SubscriptionStatus.CANCELED, now)).toBe(750n);
    expect(c).toMatchObject({ refunded: 750n, nextCheckAt: null });
    expect(() => c.moveTo(SubscriptionStatus.CANCELED, now)).toThrow(IllegalTransitionError);
    expect(() => c.takePost(1n, now)).toThrow('이미 종료된 구독입니다.');
  });
  it('an unanswered add holds it for an operator: only a held one is linked, resent or canceled, once', () => {
    const later = new Date(now.getTime() + 60_000);
    const s = make();
    expect(s.held).toBe(false);
    expect(() => s.resendHeld(later)).toThrow('공급사 응답을 받지 못해 보류된 구독만 처리할 수 있습니다.');
    s.markSending(now);
    // Mid-send (leased): not held yet.
    s.checkAgainAt(later, now);
    s.markSending(now);
    expect(s.held).toBe(false);
    s.holdUnanswered('[확인 필요] timeout', later);
    expect(s).toMatchObject({ held: true, nextCheckAt: null, sendingAt: now, lastError: '[확인 필요] timeout' });
    expect(s.heldUpstream).toBe(true);

    const linked = make();
    linked.markSending(now);
    linked.holdUnanswered('x', now);
    linked.linkHeld('9001', later);
    expect(linked).toMatchObject({ held: false, providerSubscriptionId: '9001', sendingAt: null, nextCheckAt: later });
    expect(() => linked.linkHeld('9002', later)).toThrow('공급사 응답을 받지 못해 보류된 구독만 처리할 수 있습니다.');

    s.resendHeld(later);
    expect(s).toMatchObject({ held: false, sendingAt: null, nextCheckAt: later, lastError: null });

    const dropped = make(5_000n);
    dropped.markSending(now);
    dropped.holdUnanswered('x', now);
    expect(dropped.cancelHeld(later)).toBe(5_000n);
    expect(dropped).toMatchObject({
      status: SubscriptionStatus.CANCELED,
      held: false,
      refunded: 5_000n,
      sendingAt: null,
    });
    expect(() => dropped.cancelHeld(later)).toThrow('공급사 응답을 받지 못해 보류된 구독만 처리할 수 있습니다.');
  });
});
