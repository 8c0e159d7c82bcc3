import { CANCEL_MESSAGES, REFILL_MESSAGES } from './refill.js';
import {
  cancelVerdict,
  memberOrderActions,
  ORDER_ACTION_MESSAGES,
  orderActionStatus,
  refillVerdict,
  type MemberOrderFacts,
} from './order-actions.js';

const now = new Date('2026-03-10T00:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const service = { refill: true, refillDays: 30, cancel: true };
const order = (over: Partial<MemberOrderFacts> = {}): MemberOrderFacts => ({
  status: 'COMPLETED',
  upstream: 'sent',
  cancelPending: false,
  updatedAt: hoursAgo(48),
  service,
  lastRefill: null,
  ...over,
});

describe('cancelVerdict', () => {
  it.each([
    [order({ status: 'PENDING', upstream: 'none' }), true, null, 'refund'],
    [order({ status: 'PENDING', upstream: 'sending' }), false, ORDER_ACTION_MESSAGES.sending, undefined],
    [order({ status: 'PROCESSING', upstream: 'sent' }), true, null, 'forward'],
    [
      order({ status: 'INPROGRESS', upstream: 'sent', cancelPending: true }),
      false,
      CANCEL_MESSAGES.alreadyRequested,
      undefined,
    ],
    [
      order({ status: 'INPROGRESS', service: { ...service, cancel: false } }),
      false,
      CANCEL_MESSAGES.notSupported,
      undefined,
    ],
    [order({ status: 'INPROGRESS', upstream: 'none' }), false, ORDER_ACTION_MESSAGES.notCancelable, undefined],
    [order({ status: 'COMPLETED' }), false, ORDER_ACTION_MESSAGES.notCancelable, undefined],
    [order({ status: 'CANCELED', upstream: 'none' }), false, ORDER_ACTION_MESSAGES.notCancelable, undefined],
  ])('%# answers allowed=%s with its reason', (facts, allowed, reason, how) => {
    const verdict = cancelVerdict(facts);
    expect(verdict.allowed).toBe(allowed);
    expect(verdict.reason).toBe(reason);
    if (verdict.allowed) expect(verdict.how).toBe(how);
  });
});

describe('refillVerdict', () => {
  const context = { now, refillCooldownHours: 24 };
  it.each([
    [order(), true, null],
    [order({ status: 'PARTIAL' }), true, null],
    [order({ service: { ...service, refill: false } }), false, REFILL_MESSAGES.notAvailable],
    [order({ service: null }), false, REFILL_MESSAGES.notAvailable],
    [order({ status: 'INPROGRESS' }), false, REFILL_MESSAGES.notFinished],
    [order({ updatedAt: hoursAgo(31 * 24) }), false, REFILL_MESSAGES.expired],
    [order({ lastRefill: { status: 'PROCESSING', createdAt: hoursAgo(100) } }), false, REFILL_MESSAGES.open],
    [order({ lastRefill: { status: 'COMPLETED', createdAt: hoursAgo(23) } }), false, REFILL_MESSAGES.tooSoon],
    [order({ lastRefill: { status: 'REJECTED', createdAt: hoursAgo(25) } }), true, null],
  ])('%# answers allowed=%s with its reason', (facts, allowed, reason) => {
    const verdict = refillVerdict(facts, context);
    expect(verdict.allowed).toBe(allowed);
    expect(verdict.reason).toBe(reason);
  });

  it('uses the operator cooldown in the reason', () => {
    const verdict = refillVerdict(order({ lastRefill: { status: 'COMPLETED', createdAt: hoursAgo(40) } }), {
      now,
      refillCooldownHours: 48,
    });
    expect(verdict.reason).toBe('리필은 48시간에 한 번만 요청할 수 있습니다.');
    expect(verdict.allowed || orderActionStatus(verdict.code)).toBe(429);
  });
});

describe('memberOrderActions', () => {
  it('always lets a member ask about their order, and maps refusals to HTTP statuses', () => {
    const actions = memberOrderActions(order({ status: 'CANCELED', upstream: 'none', service: null }), { now });
    expect(actions.ask.allowed).toBe(true);
    expect(actions.cancel.allowed || orderActionStatus(actions.cancel.code)).toBe(409);
    expect(actions.refill.allowed || orderActionStatus(actions.refill.code)).toBe(400);
  });
});
