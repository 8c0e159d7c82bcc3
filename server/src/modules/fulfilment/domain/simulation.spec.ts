import {
  assignSimulatedServices,
  SIMULATED_MAX_DURATION_MS,
  SIMULATED_POST_EVERY_MS,
  SIMULATED_SERVICES,
  simulatedPlan,
  simulatedProgress,
  simulatedSubscription,
} from './simulation.js';

const at = (order: { createdAt: Date }, ms: number) => new Date(order.createdAt.getTime() + ms);

describe('simulated provider progress', () => {
  const order = (id: number, quantity = 1000) => ({
    id,
    quantity,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    canceledAt: null,
  });

  it('moves Pending → In progress → Completed or Partial over a few minutes, the same way every time', () => {
    for (let id = 1; id <= 200; id++) {
      const o = order(id);
      const plan = simulatedPlan(id, o.quantity);
      expect(simulatedProgress(o, at(o, 0))).toEqual({ status: 'Pending', startCount: 0, remains: 1000 });
      expect(simulatedProgress(o, at(o, plan.pendingMs)).status).toBe('In progress');
      const mid = simulatedProgress(o, at(o, plan.pendingMs + plan.runningMs / 2));
      expect(mid.remains).toBeLessThan(1000);
      expect(mid.remains).toBeGreaterThan(1000 - plan.delivered);
      const end = simulatedProgress(o, at(o, SIMULATED_MAX_DURATION_MS));
      expect(end).toEqual(simulatedProgress(o, at(o, SIMULATED_MAX_DURATION_MS * 10)));
      expect(end.status === 'Completed' ? end.remains === 0 : end.status === 'Partial' && end.remains > 0).toBe(true);
    }
  });

  it('ends partial for some orders and completes most', () => {
    const ends = Array.from(
      { length: 500 },
      (_, i) => simulatedProgress(order(i + 1), at(order(i + 1), SIMULATED_MAX_DURATION_MS)).status,
    );
    const partial = ends.filter((s) => s === 'Partial').length;
    expect(partial).toBeGreaterThan(50);
    expect(partial).toBeLessThan(200);
  });

  it('never ends Partial with nothing delivered: an order of 1 ends Completed or Canceled', () => {
    const ends = Array.from({ length: 200 }, (_, i) => {
      const o = { ...order(i + 1), quantity: 1 };
      return simulatedProgress(o, at(o, SIMULATED_MAX_DURATION_MS));
    });
    for (const end of ends) {
      expect(end.status).not.toBe('Partial');
      expect(end).toEqual(
        end.status === 'Completed'
          ? expect.objectContaining({ remains: 0 })
          : expect.objectContaining({ status: 'Canceled', remains: 1 }),
      );
    }
    // Both endings happen (a fifth of the orders would have fallen short).
    expect(new Set(ends.map((e) => e.status))).toEqual(new Set(['Completed', 'Canceled']));
    for (let id = 1; id <= 500; id++) {
      const o = { ...order(id), quantity: 3 };
      const end = simulatedProgress(o, at(o, SIMULATED_MAX_DURATION_MS));
      if (end.status === 'Partial') expect(end.remains).toBeLessThan(3);
    }
  });

  it('reports a canceled order as canceled with everything remaining', () => {
    const o = { ...order(5), canceledAt: new Date('2026-01-01T00:00:05Z') };
    expect(simulatedProgress(o, at(o, SIMULATED_MAX_DURATION_MS))).toEqual({
      status: 'Canceled',
      startCount: 0,
      remains: 1000,
    });
  });
});

describe('simulated services for our catalogue', () => {
  it('gives each service its own simulated service of its kind', () => {
    const assigned = assignSimulatedServices(
      [
        '인스타그램 팔로워 🇰🇷 한국인',
        '유튜브 조회수',
        '유튜브 구독자',
        '인스타그램 팔로워 외국인',
        '기타 홍보',
        '댓글 좋아요',
      ],
      new Set(['101']),
    );
    expect(assigned).toEqual(['102', '301', '401', '103', '901', '501']);
  });

  it('falls back to any free service, then to none', () => {
    const followers = Array.from({ length: 27 }, () => 'followers');
    const assigned = assignSimulatedServices(followers, new Set());
    expect(new Set(assigned).size).toBe(27);
    expect(assigned.slice(0, 25).every((id) => id!.startsWith('1'))).toBe(true);
    expect(assigned[25]).toBe('201');
    const all = new Set(SIMULATED_SERVICES.map((s) => s.service));
    expect(assignSimulatedServices(['x'], all)).toEqual([null]);
  });

  it('maps a Custom Comments or Package service to a simulated service of that type', () => {
    const [comments, bundle, likes] = assignSimulatedServices(
      ['인스타그램 커스텀 댓글', '스타터 패키지', '좋아요'],
      new Set(),
      ['Custom Comments', 'Package', 'Default'],
    );
    expect(SIMULATED_SERVICES.find((s) => s.service === comments)?.type).toBe('Custom Comments');
    expect(SIMULATED_SERVICES.find((s) => s.service === bundle)).toMatchObject({ type: 'Package', min: 1, max: 1 });
    expect(SIMULATED_SERVICES.find((s) => s.service === likes)).toMatchObject({ type: 'Default', category: 'Likes' });
  });

  it('a subscription posts every 10 minutes after its delay, up to its posts; a cancel or the expiry day ends it', () => {
    const createdAt = new Date('2026-11-24T00:00:00Z');
    const sub = { createdAt, canceledAt: null, posts: 3, delay: 30, expiry: null };
    const at = (ms: number) => new Date(createdAt.getTime() + ms);
    expect(simulatedSubscription(sub, at(30 * 60_000 + SIMULATED_POST_EVERY_MS - 1))).toEqual({
      status: 'Active',
      posts: 0,
    });
    expect(simulatedSubscription(sub, at(30 * 60_000 + 2 * SIMULATED_POST_EVERY_MS))).toEqual({
      status: 'Active',
      posts: 2,
    });
    expect(simulatedSubscription(sub, at(30 * 60_000 + 9 * SIMULATED_POST_EVERY_MS))).toEqual({
      status: 'Completed',
      posts: 3,
    });
    expect(
      simulatedSubscription({ ...sub, canceledAt: at(30 * 60_000 + SIMULATED_POST_EVERY_MS) }, at(10 * 3_600_000)),
    ).toEqual({ status: 'Canceled', posts: 1 });
    expect(simulatedSubscription({ ...sub, posts: 1000, expiry: '2026-11-24' }, at(2 * 86_400_000))).toEqual({
      status: 'Expired',
      posts: Math.floor((86_400_000 - 30 * 60_000) / SIMULATED_POST_EVERY_MS),
    });
    expect(
      assignSimulatedServices(['자동 좋아요'], new Set(), ['Subscriptions']).map(
        (id) => SIMULATED_SERVICES.find((s) => s.service === id)?.type,
      ),
    ).toEqual(['Subscriptions']);
  });
});
