import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember, type TestMember } from '../../support/members.js';
import { balanceOf, createCategory, logInToConsole, toast } from './support.js';
import { DEFAULT_FAKE_SERVICES, FakeProvider, TYPED_FAKE_SERVICES } from '../../support/fake-provider.js';
import { OrderSender, SubscriptionSync } from '../../../server/src/modules/fulfilment/index.js';

describe('operator console: members, catalogue and orders against the real server', () => {
  let h: BrowserHarness;
  let member: TestMember;
  let admin: string;
  let categoryId: number;
  const balance = () => balanceOf(h, member);

  beforeAll(async () => {
    h = await startBrowserHarness();
    admin = `Bearer ${await h.t.operatorToken()}`;
    member = await createMember(h.t);
    categoryId = await createCategory(h, admin);
    await h.t.http
      .post(`/api/admin/members/${member.id}/adjust-points`)
      .set('Authorization', admin)
      .send({ amount: 10000, reason: '테스트 지급' })
      .expect(200);
  }, 60_000);
  afterAll(() => h.close());

  /** A provider on the loopback panel (its timeout) and a service of ours it fulfils: `service` adds the rest. */
  const upstreamService = async (fake: FakeProvider, timeoutMs: number, service: Record<string, unknown>) => {
    const providerId = (
      await h.t.http
        .post('/api/admin/providers')
        .set('Authorization', admin)
        .send({ name: `공급사 ${timeoutMs}`, apiUrl: fake.url, apiKey: fake.key, timeoutMs })
        .expect(201)
    ).body.id as number;
    return h.t.http
      .post('/api/admin/services')
      .set('Authorization', admin)
      .send({ ...service, categoryId, providerId })
      .expect(201);
  };

  it('finds a member, adjusts their points with a reason, and suspends and reinstates them', async () => {
    const page = await logInToConsole(h);
    await page.goto('/admin/members');
    await page.locator('input[name="q"]').fill(member.loginId);
    await page.waitForURL(/filter=/);
    await page.locator('tr', { hasText: member.loginId }).locator('td').first().click();
    await page.getByRole('button', { name: '포인트 조정' }).waitFor();
    expect(await page.getByText('10,000', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: '포인트 조정' }).click();
    await page.getByRole('dialog').getByLabel('금액 (차감은 음수)').fill('-1500');
    await page.getByRole('dialog').getByLabel('사유').fill('중복 충전 회수');
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '포인트를 조정했습니다.').waitFor();
    const ledger = await page.getByTestId('ledger-result').textContent();
    expect(ledger).toContain('[조정]');
    expect(ledger).toContain('-1,500원 → 잔액 8,500원');
    expect(ledger).toContain('중복 충전 회수');
    await page.getByRole('button', { name: '닫기' }).click();
    expect(await balance()).toBe(8500);
    await page.getByRole('tab', { name: '포인트 원장' }).click();
    await page.locator('tr', { hasText: '중복 충전 회수' }).waitFor();
    await h.screenshot(page, 'console-member');

    await page.getByRole('button', { name: '이용 정지' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '회원을 정지했습니다.').waitFor();
    await page.getByRole('button', { name: '정지 해제' }).waitFor();
    await h.t.http.get('/api/auth/profile').set('Authorization', `Bearer ${member.token}`).expect(401);
    await page.getByRole('button', { name: '정지 해제' }).click();
    await toast(page, '정지를 해제했습니다.').waitFor();
    // Suspension revoked the member's tokens; once reinstated they can log in again.
    const login = await h.t.http
      .post('/api/auth/login')
      .send({ id: member.loginId, password: member.password })
      .expect(200);
    member.token = login.body.accessToken;
    expect(await balance()).toBe(8500);
  }, 120_000);

  it('creates a service that the storefront then offers', async () => {
    const page = await logInToConsole(h);
    await page.goto('/admin/services/create');
    await page.getByRole('combobox', { name: '카테고리' }).click();
    await page.getByRole('option', { name: '인스타그램 팔로워' }).click();
    await page.locator('input[name="text"]').fill('콘솔에서 만든 팔로워');
    await page.locator('input[name="point"]').fill('12.5');
    await page.locator('input[name="min"]').fill('10');
    await page.locator('input[name="max"]').fill('5000');
    await h.screenshot(page, 'console-service-create');
    await page.getByRole('button', { name: '저장' }).click();
    await toast(page, '생성되었습니다').waitFor();
    const services = (await h.t.http.get('/api/service/services').expect(200)).body as {
      text: string;
      point: string | number;
      categoryId: number;
      min: number;
      max: number;
    }[];
    const created = services.find((s) => s.text === '콘솔에서 만든 팔로워');
    expect(created).toMatchObject({ categoryId, min: 10, max: 5000 });
    expect(Number(created!.point)).toBe(12.5);
  }, 120_000);

  it('cancels an order and shows the refund written to the ledger', async () => {
    const service = await h.t.http
      .post('/api/admin/services')
      .set('Authorization', admin)
      .send({ text: '취소 테스트 좋아요', point: '3', min: 10, max: 1000, categoryId })
      .expect(201);
    const before = await balance();
    await h.t.http
      .post('/api/service/order')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ serviceId: service.body.id, link: 'https://instagram.com/p/console', amount: 100, runs: 0, interval: 0 })
      .expect(201);
    expect(await balance()).toBe(before - 300);

    const page = await logInToConsole(h);
    await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ memberId: member.id }))}`);
    await page.locator('tr', { hasText: 'https://instagram.com/p/console' }).locator('td').first().click();
    await page.getByRole('button', { name: '취소 및 환불' }).waitFor();
    const orderId = page.url().match(/\/orders\/(\d+)\/show/)![1];
    await h.screenshot(page, 'console-order');
    await page.getByRole('button', { name: '취소 및 환불' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
    await toast(page, '주문을 취소하고 환불했습니다.').waitFor();
    const ledger = await page.getByTestId('ledger-result').textContent();
    expect(ledger).toContain('[환불]');
    expect(ledger).toContain(`+300원 → 잔액 ${before.toLocaleString('ko-KR')}원`);
    await h.screenshot(page, 'console-order-refund');
    expect(await balance()).toBe(before);
    const order = (await h.t.http.get(`/api/admin/orders/${orderId}`).set('Authorization', admin).expect(200)).body;
    expect(order.status).toBe('CANCELED');
  }, 120_000);

  it("shows what fulfilment's dispatch record says: the provider's order id on the order, its error in the list", async () => {
    const fake = await FakeProvider.start();
    try {
      const service = await upstreamService(fake, 2000, {
        text: '전송 테스트 좋아요',
        point: '3',
        min: 10,
        max: 1000,
        providerServiceId: '1',
      });
      const place = (link: string) =>
        h.t.http
          .post('/api/service/order')
          .set('Authorization', `Bearer ${member.token}`)
          .send({ serviceId: service.body.id, link, amount: 100, runs: 0, interval: 0 })
          .expect(201);
      const sent = (await place('https://instagram.com/p/dispatched')).body.orderId as number;
      await place('https://instagram.com/p/refused');
      fake.on('add', (p) =>
        p.link === 'https://instagram.com/p/refused' ? { body: { error: 'Not enough funds on balance' } } : undefined,
      );
      expect(await h.t.app.get(OrderSender).runOnce()).toMatchObject({ sent: 1, failed: 1 });
      const upstreamId = [...fake.orders.values()].find((o) => o.link === 'https://instagram.com/p/dispatched')!.id;

      const page = await logInToConsole(h);
      await page.goto(`/admin/orders?filter=${encodeURIComponent(JSON.stringify({ memberId: member.id }))}`);
      await page
        .locator('tr', { hasText: 'https://instagram.com/p/refused' })
        .getByText('add: Not enough funds on balance')
        .waitFor();
      await page.goto(`/admin/orders/${sent}/show`);
      await page.getByText('공급사 주문번호', { exact: true }).waitFor();
      await page.getByText(upstreamId, { exact: true }).waitFor();
    } finally {
      await fake.close();
    }
  }, 120_000);
  it('a subscription whose add went unanswered waits under 확인 필요만: the operator links the id found upstream, or cancels with a refund', async () => {
    const fake = await FakeProvider.start({ services: [...DEFAULT_FAKE_SERVICES, ...TYPED_FAKE_SERVICES] });
    try {
      const service = await upstreamService(fake, 1000, {
        text: '자동 좋아요 구독',
        type: 'Subscriptions',
        point: '2',
        min: 10,
        max: 1000,
        providerServiceId: '23',
      });
      const subscribe = async (username: string) =>
        (
          await h.t.http
            .post('/api/service/subscriptions')
            .set('Authorization', `Bearer ${member.token}`)
            .send({ serviceId: service.body.id, username, min: 10, max: 100, posts: 2, delay: 0 })
            .expect(201)
        ).body.subscriptionId as number;
      const linked = await subscribe('held.linked');
      const dropped = await subscribe('held.dropped');
      const before = await balance();
      // The panel takes both but answers after the provider's 1 s timeout.
      fake.on('add', () => ({ delayMs: 1300 }));
      await h.t.app.get(SubscriptionSync).runOnce();
      const upstreamId = [...fake.subscriptions.values()].find((s) => s.params.username === 'held.linked')!.id;

      const page = await logInToConsole(h);
      await page.goto(`/admin/subscriptions?filter=${encodeURIComponent(JSON.stringify({ held: true }))}`);
      const row = (id: number) => page.locator('tr', { has: page.locator('td', { hasText: new RegExp(`^${id}$`) }) });
      await row(linked)
        .getByText(/\[확인 필요\]/)
        .waitFor();
      await row(linked).getByRole('button', { name: '연결/재전송' }).click();
      await page.getByRole('dialog').getByLabel('공급사 구독번호 (이미 접수된 경우만)').fill(upstreamId);
      await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
      await toast(page, '공급사 구독을 연결했습니다.').waitFor();

      await row(dropped).getByRole('button', { name: '취소 및 환불' }).click();
      await page.getByRole('dialog').getByRole('button', { name: '확인' }).click();
      await toast(page, '구독을 취소하고 환불했습니다.').waitFor();
      expect(await page.getByTestId('ledger-result').textContent()).toContain('+400원');
      expect(await balance()).toBe(before + 400);

      const answers = await Promise.all(
        [linked, dropped].map(
          async (id) =>
            (await h.t.http.get(`/api/admin/subscriptions/${id}`).set('Authorization', admin).expect(200)).body,
        ),
      );
      expect(answers).toMatchObject([
        { held: false, providerSubscriptionId: upstreamId, status: 'ACTIVE' },
        { held: false, status: 'CANCELED', refunded: 400 },
      ]);
    } finally {
      await fake.close();
    }
  }, 120_000);
});
