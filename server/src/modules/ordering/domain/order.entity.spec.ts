import { IllegalTransitionError, DomainError } from '../../../shared/index.js';
import { AutoOrder, AutoOrderStatus, AUTO_ORDER_TRANSITIONS } from './auto-order.entity.js';
import { Order, OrderStatus, ORDER_TRANSITIONS } from './order.entity.js';

const { PENDING, PROCESSING, INPROGRESS, COMPLETED, PARTIAL, CANCELED } = OrderStatus;
const ALL = Object.values(OrderStatus);
const now = new Date('2026-01-01T00:00:00Z');

const LEGAL: [OrderStatus, OrderStatus][] = [
  [PENDING, PROCESSING],
  [PENDING, CANCELED],
  [PROCESSING, INPROGRESS],
  [PROCESSING, CANCELED],
  [INPROGRESS, COMPLETED],
  [INPROGRESS, PARTIAL],
  [INPROGRESS, CANCELED],
];

function orderIn(status: OrderStatus, props: { point?: bigint; amount?: number } = {}): Order {
  const order = Order.place({
    memberId: 1,
    service: { id: 1, providerId: null, providerServiceId: null },
    link: 'l',
    amount: props.amount ?? 1000,
    point: props.point ?? 2500n,
    now,
  });
  order.status = status;
  return order;
}

/** What every refused move says (the console and the storefront show it as it is). */
const PENDING_ONLY = '접수 상태의 주문은 대기 또는 취소로만 바꿀 수 있습니다.';
const PROCESSING_ONLY = '대기 상태의 주문은 진행중 또는 취소로만 바꿀 수 있습니다.';
const INPROGRESS_ONLY = '진행중 상태의 주문은 완료 또는 부분완료 또는 취소로만 바꿀 수 있습니다.';
const REFUSALS: Record<OrderStatus, Partial<Record<OrderStatus, string>>> = {
  [PENDING]: {
    [PENDING]: '이미 접수 상태인 주문입니다.',
    [INPROGRESS]: PENDING_ONLY,
    [COMPLETED]: PENDING_ONLY,
    [PARTIAL]: PENDING_ONLY,
  },
  [PROCESSING]: {
    [PENDING]: PROCESSING_ONLY,
    [PROCESSING]: '이미 대기 상태인 주문입니다.',
    [COMPLETED]: PROCESSING_ONLY,
    [PARTIAL]: PROCESSING_ONLY,
  },
  [INPROGRESS]: {
    [PENDING]: INPROGRESS_ONLY,
    [PROCESSING]: INPROGRESS_ONLY,
    [INPROGRESS]: '이미 진행중 상태인 주문입니다.',
  },
  [COMPLETED]: Object.fromEntries(
    ALL.map((to) => [to, to === CANCELED ? '완료된 주문은 취소할 수 없습니다.' : '이미 완료된 주문입니다.']),
  ),
  [PARTIAL]: Object.fromEntries(
    ALL.map((to) => [to, to === CANCELED ? '부분완료된 주문은 취소할 수 없습니다.' : '이미 부분완료된 주문입니다.']),
  ),
  [CANCELED]: Object.fromEntries(ALL.map((to) => [to, '이미 취소된 주문입니다.'])),
};

describe('order transition table', () => {
  it.each(ALL.flatMap((from) => ALL.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    const legal = LEGAL.some(([a, b]) => a === from && b === to);
    expect(ORDER_TRANSITIONS.allows(from, to)).toBe(legal);
    // Exactly the illegal moves have a refusal listed above.
    expect(REFUSALS[from][to] === undefined).toBe(legal);
    const order = orderIn(from);
    const move = () => order.moveTo(to, now, { remains: 10 });
    if (legal) {
      move();
      expect(order.status).toBe(to);
    } else {
      expect(move).toThrow(IllegalTransitionError);
      expect(move).toThrow(
        expect.objectContaining({ status: 409, message: REFUSALS[from][to], move: { entity: 'Order', from, to } }),
      );
      expect(order.status).toBe(from);
    }
  });

  it('knows the terminal states', () => {
    expect(ALL.filter((s) => ORDER_TRANSITIONS.isTerminal(s))).toEqual([COMPLETED, PARTIAL, CANCELED]);
  });

  it('finds the shortest walk, nothing when already there, null when behind', () => {
    expect(ORDER_TRANSITIONS.path(PENDING, COMPLETED)).toEqual([PROCESSING, INPROGRESS, COMPLETED]);
    expect(ORDER_TRANSITIONS.path(PROCESSING, PARTIAL)).toEqual([INPROGRESS, PARTIAL]);
    expect(ORDER_TRANSITIONS.path(PENDING, CANCELED)).toEqual([CANCELED]);
    expect(ORDER_TRANSITIONS.path(INPROGRESS, INPROGRESS)).toEqual([]);
    expect(ORDER_TRANSITIONS.path(INPROGRESS, PENDING)).toBeNull();
    expect(ORDER_TRANSITIONS.path(COMPLETED, CANCELED)).toBeNull();
  });
});

describe('order', () => {
  it('snapshots who fulfils it at placement', () => {
    const order = Order.place({
      memberId: 1,
      service: { id: 9, providerId: 3, providerServiceId: '77' },
      link: 'l',
      amount: 10,
      point: 5n,
      now,
    });
    expect(order).toMatchObject({ providerId: 3, providerServiceId: '77', status: PENDING, upstream: true });
    expect(orderIn(PENDING).upstream).toBe(false);
  });

  it('walks to a status and refuses an unreachable one', () => {
    const order = orderIn(PROCESSING);
    order.advanceTo(COMPLETED, now);
    expect(order).toMatchObject({ status: COMPLETED, remains: 0 });
    expect(() => orderIn(COMPLETED).advanceTo(CANCELED, now)).toThrow(IllegalTransitionError);
    expect(() => orderIn(INPROGRESS).advanceTo(INPROGRESS, now)).toThrow(IllegalTransitionError);
  });

  it('refunds nothing, all, or floor(cost × remains / amount)', () => {
    expect(orderIn(INPROGRESS).refundDue()).toBe(0n);
    const canceled = orderIn(PENDING);
    canceled.moveTo(CANCELED, now);
    expect(canceled.refundDue()).toBe(2500n);
    const partial = orderIn(INPROGRESS, { point: 1001n, amount: 1000 });
    partial.moveTo(PARTIAL, now, { remains: 333 });
    expect(partial.refundDue()).toBe(333n); // 1001 × 333 / 1000 = 333.333 → 333
    const none = orderIn(INPROGRESS, { point: 7n, amount: 1000 });
    none.moveTo(PARTIAL, now, { remains: 100 });
    expect(none.refundDue()).toBe(0n); // 0.7 → 0
  });

  it('needs a remains between 0 and amount for PARTIAL', () => {
    for (const remains of [undefined, -1, 1001, 1.5])
      expect(() => orderIn(INPROGRESS).moveTo(PARTIAL, now, { remains })).toThrow(DomainError);
  });
});

describe('auto-order', () => {
  const { ACTIVE, COMPLETED: DONE, CANCLED, PARTIAL: STOPPED } = AutoOrderStatus;
  const place = (point: bigint, runs: number) =>
    AutoOrder.place({ memberId: 1, serviceId: 1, link: 'l', amount: 100, runs, interval: 60, point, now });
  const hour = (n: number) => new Date(now.getTime() + n * 3_600_000);

  it('has one transition table: ACTIVE → COMPLETED | CANCLED | PARTIAL, each refusal in Korean', () => {
    const refusals: Record<AutoOrderStatus, string> = {
      [ACTIVE]: '이미 진행중 상태인 자동주문입니다.',
      [DONE]: '이미 완료된 자동주문입니다.',
      [CANCLED]: '이미 취소된 자동주문입니다.',
      [STOPPED]: '상품 판매가 중단되어 이미 종료된 자동주문입니다.',
    };
    for (const from of Object.values(AutoOrderStatus)) {
      for (const to of Object.values(AutoOrderStatus)) {
        const legal = from === ACTIVE && to !== ACTIVE;
        expect(AUTO_ORDER_TRANSITIONS.allows(from, to)).toBe(legal);
        if (legal) expect(() => AUTO_ORDER_TRANSITIONS.assert(from, to)).not.toThrow();
        else {
          const message =
            from === DONE && to === CANCLED ? '모든 회차가 시작된 자동주문은 취소할 수 없습니다.' : refusals[from];
          expect(() => AUTO_ORDER_TRANSITIONS.assert(from, to)).toThrow(
            expect.objectContaining({ status: 409, message }),
          );
        }
      }
    }
  });

  it('starts runs every interval with shares adding up to what was paid', () => {
    const auto = place(1000n, 3);
    const shares = [auto.startRun(now), auto.startRun(hour(1)), auto.startRun(hour(2))];
    expect(shares).toEqual([
      { number: 1, point: 334n },
      { number: 2, point: 333n },
      { number: 3, point: 333n },
    ]);
    expect(auto).toMatchObject({ status: DONE, completed: 3, nextRunAt: null });
    expect(() => auto.startRun(hour(3))).toThrow(DomainError);
  });

  it('refuses a run that is not due yet', () => {
    const auto = place(100n, 2);
    auto.startRun(now);
    expect(auto.nextRunAt).toEqual(hour(1));
    expect(() => auto.startRun(new Date(hour(1).getTime() - 1))).toThrow(DomainError);
  });

  it('refunds the runs not started when canceled (CANCLED) or stopped (PARTIAL), once', () => {
    const none = place(900n, 3);
    expect(none.cancel(now)).toBe(900n);
    expect(none.status).toBe(CANCLED);
    const some = place(1000n, 3);
    some.startRun(now);
    expect(some.cancel(now)).toBe(666n);
    expect(some).toMatchObject({ status: CANCLED, refunded: 666n, nextRunAt: null });
    expect(() => some.cancel(now)).toThrow(IllegalTransitionError);
    const stopped = place(1000n, 3);
    stopped.startRun(now);
    stopped.startRun(hour(1));
    expect(stopped.stop(hour(2))).toBe(333n);
    expect(stopped).toMatchObject({ status: STOPPED, refunded: 333n });
    expect(() => stopped.stop(hour(2))).toThrow(IllegalTransitionError);
    const done = place(10n, 2);
    done.startRun(now);
    done.startRun(hour(1));
    expect(() => done.cancel(hour(1))).toThrow(
      new IllegalTransitionError('모든 회차가 시작된 자동주문은 취소할 수 없습니다.', {
        entity: 'AutoOrder',
        from: DONE,
        to: CANCLED,
      }),
    );
  });
});
