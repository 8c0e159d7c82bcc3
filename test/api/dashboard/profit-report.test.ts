import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { Clock } from '../../../server/src/shared/index.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { addProvider, admin, createService, fund, placeOrders } from '../fulfilment/helpers.js';

const koreanDay = (at: Date) => new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

describe('profit report: revenue, cost and profit by period, service, provider and member', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  let day: string;
  let alice: { id: number; loginId: string };
  let bob: { id: number; loginId: string };
  let formulaService: number;
  let plainService: number;
  const get = async (path: string, status = 200) =>
    t.http
      .get(path)
      .set('Authorization', await admin(t))
      .expect(status);

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    providerId = await addProvider(t, fake, { name: '보고서 공급사' });
    // 2.5 won a unit sold; the provider charges 900 won per 1000 (0.9 a unit).
    formulaService = (
      await createService(t, {
        providerId,
        providerServiceId: '1',
        point: '2.5',
        providerRate: '900',
        text: '=HYPERLINK("http://evil","x")',
      })
    ).id;
    plainService = (await createService(t, { providerId, providerServiceId: '2', point: '1', providerRate: '1500' }))
      .id;
    const a = await createMember(t);
    const b = await createMember(t);
    alice = { id: a.id, loginId: a.loginId };
    bob = { id: b.id, loginId: b.loginId };
    await fund(t, alice.id, 1_000_000n);
    await fund(t, bob.id, 1_000_000n);
    // A panel that gives no charge: costs are the expected ones, adjusted for the partial.
    fake.on('status', (params) => ({
      body: Object.fromEntries(
        (params.orders ?? '').split(',').map((id) => {
          const o = fake.orders.get(id)!;
          return [id, { status: o.status, start_count: o.startCount, remains: o.remains }];
        }),
      ),
    }));
    await placeOrders(t, alice.id, formulaService, 1, 1000); // 2,500 won, cost 900
    await placeOrders(t, bob.id, formulaService, 1, 200); // 500 won, cost 180
    await placeOrders(t, bob.id, plainService, 1, 100); // 100 won, cost 150 (sold at a loss)
    day = koreanDay(t.app.get(Clock).now());
    await t.app.get(OrderSender).runOnce();
    // Alice's ends partial: 400 of 1000 not delivered → refund 1,000 won, cost 900 × 600/1000 = 540.
    const upstream = (link: string) => [...fake.orders.values()].find((o) => o.link === link)!;
    fake.setOrder(upstream(`https://instagram.com/p/${alice.id}-${formulaService}-0`).id, {
      status: 'Partial',
      remains: 400,
    });
    fake.setOrder(upstream(`https://instagram.com/p/${bob.id}-${plainService}-0`).id, {
      status: 'Completed',
      remains: 0,
    });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  it('sums each day exactly: charged minus refunded, cost after partials, profit', async () => {
    const { body } = await get(`/api/admin/reports/profit?from=${day}&to=${day}&by=day`);
    // Revenue 2,500 − 1,000 + 500 + 100 = 2,100; cost 540 + 180 + 150 = 870.
    expect(body).toEqual({
      from: day,
      to: day,
      by: 'day',
      rows: [{ key: day, label: day, orders: 3, revenue: '2100', cost: '870', profit: '1230', uncosted: 0 }],
      total: { orders: 3, revenue: '2100', cost: '870', profit: '1230', uncosted: 0 },
    });
  });

  it("puts today's revenue, cost and profit on the dashboard for roles that read reports, and only for them", async () => {
    const { body } = await get('/api/admin/dashboard');
    expect(body.profitToday).toEqual({ orders: 3, revenue: '2100', cost: '870', profit: '1230', uncosted: 0 });
    const accountant = await operatorWithRole(t, 'ACCOUNTANT');
    const manager = await operatorWithRole(t, 'MANAGER');
    const seen = async (auth: string) =>
      (await t.http.get('/api/admin/dashboard').set('Authorization', auth).expect(200)).body.profitToday;
    expect(await seen(accountant.auth)).toEqual(body.profitToday);
    expect(await seen(manager.auth)).toBeUndefined();
  });

  it('groups by service, provider and member, largest profit first', async () => {
    const byService = (await get(`/api/admin/reports/profit?from=${day}&to=${day}&by=service`)).body;
    expect(byService.rows).toEqual([
      {
        key: String(formulaService),
        label: '=HYPERLINK("http://evil","x")',
        orders: 2,
        revenue: '2000',
        cost: '720',
        profit: '1280',
        uncosted: 0,
      },
      {
        key: String(plainService),
        label: expect.any(String),
        orders: 1,
        revenue: '100',
        cost: '150',
        profit: '-50',
        uncosted: 0,
      },
    ]);
    const byProvider = (await get(`/api/admin/reports/profit?from=${day}&to=${day}&by=provider`)).body;
    expect(byProvider.rows).toEqual([
      {
        key: String(providerId),
        label: '보고서 공급사',
        orders: 3,
        revenue: '2100',
        cost: '870',
        profit: '1230',
        uncosted: 0,
      },
    ]);
    const byMember = (await get(`/api/admin/reports/profit?from=${day}&to=${day}&by=member`)).body;
    expect(byMember.rows).toEqual([
      {
        key: String(alice.id),
        label: alice.loginId,
        orders: 1,
        revenue: '1500',
        cost: '540',
        profit: '960',
        uncosted: 0,
      },
      { key: String(bob.id), label: bob.loginId, orders: 2, revenue: '600', cost: '330', profit: '270', uncosted: 0 },
    ]);
    const byMonth = (await get(`/api/admin/reports/profit?from=${day}&to=${day}&by=month`)).body;
    expect(byMonth.rows).toEqual([expect.objectContaining({ key: day.slice(0, 7), profit: '1230' })]);
  });

  it('exports CSV whose cells cannot run as formulas', async () => {
    const res = await get(`/api/admin/reports/profit.csv?from=${day}&to=${day}&by=service`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="profit.csv"');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('상품별,주문 수,매출(원),원가(원),이익(원),원가 미확인 주문');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")",2,2000,720,1280,0`);
    expect(lines[2]).toMatch(/,1,100,150,-50,0$/);
    expect(lines[3]).toBe('합계,3,2100,870,1230,0');
  });

  it('refuses bad queries with a Korean 400 and answers nothing else', async () => {
    const refusal = async (query: string) => (await get(`/api/admin/reports/profit?${query}`, 400)).body.message;
    expect(await refusal(`from=${day}&to=2020-01-01`)).toBe('시작일은 종료일보다 늦을 수 없습니다.');
    expect(await refusal('from=2026-02-30&to=2026-03-01')).toBe('시작일은(는) 올바른 날짜여야 합니다.');
    expect(await refusal(`from=${day}`)).toBe('종료일은(는) YYYY-MM-DD 형식이어야 합니다.');
    expect(await refusal(`from=2024-01-01&to=2026-01-01`)).toBe('기간은 366일 이내로 선택해 주세요.');
    expect(await refusal(`from=${day}&to=${day}&by=year`)).toBe(
      '집계 기준은 day, week, month, service, provider, member 중 하나여야 합니다.',
    );
    await t.http.get(`/api/admin/reports/profit?from=${day}&to=${day}`).expect(401);
  });
});
