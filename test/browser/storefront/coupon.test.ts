import { loadDemoData } from '../../../server/src/database/demo/index.js';
import { ORDER_MESSAGES, orderRequestSchema } from '../../../server/src/contracts/index.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { tx } from '../../api/ordering/fixtures.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { memberWithPoints, operator, plainInstagramServices, ready, signedIn, toast } from './storefront.js';

/** 쿠폰 on the order form at a phone's width: applied, the discounted price shown, the order placed for it. */
describe('coupon on the order form', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
    await loadDemoData(h.t.app);
  }, 120_000);
  afterAll(() => h.close());

  it('applies a code at 390px, shows the price to pay and orders for it', async () => {
    const service = (await plainInstagramServices(h))[0]!;
    const quantity = Math.max(service.min, 1000);
    const coupon = (await operator(h).post('/api/admin/coupons', {
      name: '첫 주문 1,000원 할인',
      kind: 'FIXED',
      value: 1000,
    })) as { id: number };
    const [code] = (
      (await operator(h).post(`/api/admin/coupons/${coupon.id}/codes`, { count: 1 })) as { codes: string[] }
    ).codes;
    // Three earlier orders of this size completed in 120, 130 and 140 minutes: the form shows 130 on average.
    const buyer = await memberWithPoints(h, 10_000_000n);
    const clock = h.t.app.get(Clock);
    clock.freeze();
    try {
      for (const minutes of [120, 130, 140]) {
        const input = orderRequestSchema.parse({
          serviceId: service.id,
          link: 'https://instagram.com/p/x',
          amount: quantity,
        });
        const { placed } = await h.t.app.get(OrderingFacade).placeOrder(buyer.id, input);
        clock.travel(minutes * 60_000);
        await tx(h.t, (db) =>
          h.t.app.get(OrderingFacade).applyUpstream(db, placed.orderId, { status: OrderStatus.COMPLETED }),
        );
      }
    } finally {
      clock.reset();
    }
    // The services list read above keeps its average times a minute (by the Clock): past it, the form reads them anew.
    clock.travel(61_000);
    const member = await memberWithPoints(h, 100_000n);

    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    await page.waitForLoadState('networkidle');
    const hide = page.getByRole('button', { name: '오늘 하루 보지 않기' });
    while (await hide.count()) await hide.click();
    await page.getByLabel('카테고리').selectOption(String(service.categoryId));
    await page.getByLabel('상품').selectOption(String(service.id));
    await page.getByText('평균 완료 시간 약 2시간 10분').waitFor();
    await page.getByLabel('링크').fill('https://www.instagram.com/p/coupon390/');
    await page.getByLabel('수량').fill(String(quantity));
    const price = Number((await page.getByTestId('total-cost').textContent())!.replace(/[^\d]/g, ''));
    expect(price).toBeGreaterThan(1000);

    // Typed as people do: lower case, with hyphens.
    await page.getByLabel('쿠폰 코드').fill(code!.toLowerCase().replace(/(.{4})(?=.)/g, '$1-'));
    await page.getByRole('button', { name: '적용' }).click();
    await page.getByTestId('coupon-total').waitFor();
    expect(await page.getByTestId('coupon-discount').textContent()).toBe('−1,000원');
    expect(await page.getByTestId('coupon-total').textContent()).toBe(`${(price - 1000).toLocaleString('ko-KR')}원`);
    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(390);
    console.log(`coupon order form screenshot: ${await h.screenshot(page, 'coupon-order-390')}`);

    await page.getByRole('button', { name: '주문하기' }).click();
    await toast(page, ORDER_MESSAGES.success);
    const success = page.getByTestId('order-success');
    await success.waitFor();
    expect(await success.getByTestId('success-coupon').textContent()).toBe('−1,000원');
    expect(await success.getByTestId('success-point').textContent()).toBe(
      `${(price - 1000).toLocaleString('ko-KR')}원`,
    );
    console.log(`coupon order placed screenshot: ${await h.screenshot(page, 'coupon-order-390-placed')}`);
    expect(await h.t.app.get(WalletFacade).balanceOf(member.id)).toBe(100_000n - BigInt(price) + 1000n);
    // The single-use code is spent.
    const shown = (await operator(h).get(`/api/admin/coupons/${coupon.id}`)) as {
      usesCount: number;
      ordersCount: number;
    };
    expect(shown).toMatchObject({ usesCount: 1, ordersCount: 1 });
  }, 120_000);
});
