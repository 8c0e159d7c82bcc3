import { orderRequestSchema } from '../../../server/src/contracts/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember } from '../../support/members.js';
import { createService, tx } from '../../api/ordering/fixtures.js';
import { memberWithPoints, ready, signedIn } from './storefront.js';

const MINUTE = 60_000;

/** The order form's service picker on a phone: search by words and number, star a favourite, the average time. */
describe('service picker at 390px', () => {
  let h: BrowserHarness;
  let timed: Service;
  let fast: Service;

  beforeAll(async () => {
    h = await startBrowserHarness();
    timed = await createService(h.t, { text: '한국인 실제 팔로워', min: 10, max: 10_000, point: '12' });
    fast = await createService(h.t, { text: '고속 조회수', min: 100, max: 100_000, point: '0.5' });
    // Three completed orders of 1000 taking 120, 130 and 140 minutes: 130 on average.
    const buyer = await memberWithPoints(h, 1_000_000n);
    const clock = h.t.app.get(Clock);
    clock.freeze();
    try {
      for (const minutes of [120, 130, 140]) {
        const input = orderRequestSchema.parse({
          serviceId: timed.id,
          link: 'https://instagram.com/p/x',
          amount: 1000,
        });
        const { placed } = await h.t.app.get(OrderingFacade).placeOrder(buyer.id, input);
        clock.travel(minutes * MINUTE);
        await tx(h.t, (db) =>
          h.t.app.get(OrderingFacade).applyUpstream(db, placed.orderId, { status: OrderStatus.COMPLETED }),
        );
      }
    } finally {
      // Nothing has read the figures yet: the services list reads them at real time.
      clock.reset();
    }
  }, 120_000);
  afterAll(() => h.close());

  it('searches in Korean and by number, stars a favourite and shows the average time', async () => {
    const member = await createMember(h.t);
    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    const picker = page.locator('.service-picker');
    const search = picker.getByRole('searchbox', { name: '서비스 검색' });
    const results = picker.getByRole('list', { name: '검색 결과' });

    await search.fill('고속');
    await results.getByRole('button', { name: '고속 조회수', exact: true }).click();
    await page.waitForFunction(
      (id) => (document.querySelector('select[aria-label="상품"]') as HTMLSelectElement | null)?.value === id,
      String(fast.id),
    );

    await search.fill(String(timed.id));
    await results
      .getByRole('button', { name: /한국인 실제 팔로워/ })
      .first()
      .click();
    await page.waitForFunction(
      (id) => (document.querySelector('select[aria-label="상품"]') as HTMLSelectElement | null)?.value === id,
      String(timed.id),
    );
    expect(await page.getByTestId('average-time').textContent()).toBe('평균 완료 시간 약 2시간 10분');

    await picker.locator('.picker-row').getByRole('button', { name: '즐겨찾기', exact: true }).click();
    await picker.locator('.picker-row').getByRole('button', { name: '즐겨찾기 해제', pressed: true }).waitFor();
    await picker
      .getByRole('group', { name: '즐겨찾기' })
      .getByRole('button', { name: /한국인 실제 팔로워/ })
      .waitFor();
    const saved = await h.t.http
      .get('/api/service/favorites')
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect(saved.body).toEqual([timed.id]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // From the top, so the sticky bar is drawn where it belongs.
    await page.evaluate(() => window.scrollTo(0, 0));
    await h.screenshot(page, 'average-time-390');
  });
});
