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
  const service = (text: string, point = '10', type = 'Default', category = '') => ({ text, category, type, point });
  const simulated = (id: string | null) => SIMULATED_SERVICES.find((s) => s.service === id);

  it('gives each service its own simulated service of its kind, by its own words before its category', () => {
    const assigned = assignSimulatedServices(
      [
        service('🇰🇷 한국인', '10', 'Default', '인스타그램 팔로워'),
        service('유튜브 조회수'),
        service('유튜브 구독자'),
        service('인스타그램 팔로워 외국인'),
        service('기타 홍보'),
        service('댓글 좋아요'),
        // The category names views and comments; the service itself is views.
        service('릴스 조회수 (고속)', '0.12', 'Default', '인스타그램 조회수·댓글'),
      ],
      new Set(),
    );
    expect(assigned.map((id) => simulated(id)?.category)).toEqual([
      'Followers',
      'Views',
      'Subscribers',
      'Followers',
      'Other',
      'Comments',
      'Views',
    ]);
    expect(new Set(assigned).size).toBe(assigned.length);
  });

  it('picks the dearest rate our price still sells with a 50 % markup, the next one down when it is taken', () => {
    // 0.12 won per view: at most 80 won per 1000 (×1.5 = 0.12); 10 won per follower: at most 6,666 → 6,000.
    const [views, followers, second] = assignSimulatedServices(
      [service('릴스 조회수', '0.12'), service('팔로워', '10'), service('팔로워', '10')],
      new Set(),
    );
    expect(simulated(views)).toMatchObject({ category: 'Views', rate: '80' });
    expect(simulated(followers)).toMatchObject({ category: 'Followers', rate: '6000' });
    expect(simulated(second)).toMatchObject({ category: 'Followers', rate: '5000' });
    const taken = new Set(SIMULATED_SERVICES.filter((s) => s.rate === '80').map((s) => s.service));
    expect(simulated(assignSimulatedServices([service('조회수', '0.12')], taken)[0]!)?.rate).toBe('60');
    // A package's rate is per package; a price under every rate takes the cheapest.
    const [bundle, cheap] = assignSimulatedServices(
      [service('스타터 패키지', '9900', 'Package'), service('조회수', '0.01')],
      new Set(),
    );
    expect(simulated(bundle)).toMatchObject({ type: 'Package', rate: '6000' });
    expect(simulated(cheap)).toMatchObject({ category: 'Views', rate: '20' });
  });

  it('falls back to any free service, then to none', () => {
    const perKind = SIMULATED_SERVICES.filter((s) => s.category === 'Followers').length;
    const followers = Array.from({ length: perKind + 2 }, () => service('followers'));
    const assigned = assignSimulatedServices(followers, new Set());
    expect(new Set(assigned).size).toBe(perKind + 2);
    expect(assigned.slice(0, perKind).every((id) => id!.startsWith('1'))).toBe(true);
    expect(simulated(assigned[perKind]!)?.category).not.toBe('Followers');
    const all = new Set(SIMULATED_SERVICES.map((s) => s.service));
    expect(assignSimulatedServices([service('x')], all)).toEqual([null]);
  });

  it('maps a Custom Comments or Package service to a simulated service of that type', () => {
    const [comments, bundle, likes] = assignSimulatedServices(
      [
        service('인스타그램 커스텀 댓글', '350', 'Custom Comments'),
        service('스타터 패키지', '9900', 'Package'),
        service('좋아요'),
      ],
      new Set(),
    );
    expect(simulated(comments)?.type).toBe('Custom Comments');
    expect(simulated(bundle)).toMatchObject({ type: 'Package', min: 1, max: 1 });
    expect(simulated(likes)).toMatchObject({ type: 'Default', category: 'Likes' });
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
      assignSimulatedServices([service('자동 좋아요', '12', 'Subscriptions')], new Set()).map(
        (id) => simulated(id)?.type,
      ),
    ).toEqual(['Subscriptions']);
  });
});
