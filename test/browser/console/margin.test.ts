import type { Page } from 'playwright-core';
import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { Clock } from '../../../server/src/shared/index.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
import { addProvider, createService, fund, placeOrders } from '../../api/fulfilment/helpers.js';
import { logInToConsole } from './support.js';

const WIDTHS = [390, 1440] as const;
/** A Korean day (UTC+9) `daysAgo` before today, as the report page's default range names it. */
const koreanDay = (daysAgo = 0) =>
  new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Margins in the console: 수익 리포트 (by day, by service) and 공급사 성과 at phone and desktop width with
 * seeded orders, and a service's backup providers edited through its form.
 */
describe('console: margin (profit report, provider scores, backup providers)', () => {
  let h: BrowserHarness;
  let fake: FakeProvider;
  let providerId: number;
  let backupId: number;
  let serviceId: number;
  let admin: string;

  beforeAll(async () => {
    h = await startBrowserHarness();
    admin = `Bearer ${await h.t.operatorToken()}`;
    fake = await FakeProvider.start();
    providerId = await addProvider(h.t, fake, { name: '마진 공급사' });
    backupId = await addProvider(h.t, fake, { name: '예비 공급사' });
    serviceId = (
      await createService(h.t, {
        text: '마진 테스트 상품',
        providerId,
        providerServiceId: '1',
        point: '3',
        providerRate: '900',
        refill: true,
      })
    ).id;
    const member = await createMember(h.t);
    await fund(h.t, member.id, 1_000_000n);
    // 4 orders of 100 at 3 points: 1,200원 revenue; the fake charges 0.5 per order.
    const orderIds = await placeOrders(h.t, member.id, serviceId, 4);
    expect(await h.t.app.get(OrderSender).runOnce()).toEqual({ sent: 4, failed: 0, uncertain: 0 });
    for (const o of fake.orders.values()) fake.setOrder(o.id, { status: 'Completed', remains: 0 });
    h.t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await h.t.app.get(OrderSync).runOnce();
    // Two refills: one completed, one rejected → 50 % (1/2).
    const refills: number[] = [];
    for (const id of orderIds.slice(0, 2))
      refills.push(
        (
          await h.t.http
            .post(`/api/service/order/${id}/refill`)
            .set('Authorization', `Bearer ${member.token}`)
            .expect(201)
        ).body.id,
      );
    await h.t.http.post(`/api/admin/refills/${refills[0]}/complete`).set('Authorization', admin).expect(200);
    await h.t.http
      .post(`/api/admin/refills/${refills[1]}/reject`)
      .set('Authorization', admin)
      .send({ reason: '리필 대상이 아닙니다.' })
      .expect(200);
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    await h.close();
  });

  const consoleAt = async (width: number): Promise<Page> => {
    const page = await logInToConsole(h);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    return page;
  };

  it.each(WIDTHS)(
    '수익 리포트 by day and by service, and 공급사 성과, at %ipx',
    async (width) => {
      const report = (
        await h.t.http
          .get('/api/admin/reports/profit')
          .query({ from: koreanDay(29), to: koreanDay(), by: 'day' })
          .set('Authorization', admin)
          .expect(200)
      ).body as { total: { revenue: string; cost: string; profit: string; orders: number } };
      expect(report.total).toMatchObject({ revenue: '1200', orders: 4 });
      const won = (v: string) => `${Math.round(Number(v)).toLocaleString('ko-KR')}원`;

      const page = await consoleAt(width);
      await page.goto('/admin/reports');
      await page.getByTestId('profit-table').waitFor();
      expect(await page.getByTestId('profit-total-매출').textContent()).toBe('1,200원');
      expect(await page.getByTestId('profit-total-원가').textContent()).toBe(won(report.total.cost));
      expect(await page.getByTestId('profit-total-이익').textContent()).toBe(won(report.total.profit));
      expect(await page.getByTestId('profit-total-주문 수').textContent()).toBe('4');
      const dayRow = page.getByTestId('profit-table').locator('tbody tr').first();
      expect(await dayRow.textContent()).toContain('1,200원');
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await h.screenshot(page, `console-profit-day-${width}`);

      await page.getByLabel('집계 기준').click();
      await page.getByRole('option', { name: '상품별' }).click();
      const serviceRow = page.getByTestId('profit-table').locator('tbody tr', { hasText: '마진 테스트 상품' });
      await serviceRow.waitFor();
      expect(await serviceRow.textContent()).toContain('1,200원');
      await h.screenshot(page, `console-profit-service-${width}`);

      await page.goto('/admin/provider-scores');
      const scores = page.getByTestId('provider-scores');
      await scores.waitFor();
      const whole = scores.locator('tbody tr', { hasText: '마진 공급사' }).filter({ hasText: '전체' });
      const cells = await whole.locator('td').allTextContents();
      // 공급사, 서비스, 전송 4, 완료 100 %, 부분 0 %, 취소 0 %, …, 오류율 0 %, 리필 50 % (1/2).
      expect(cells.slice(0, 6)).toEqual(['마진 공급사', '전체', '4', '100%', '0%', '0%']);
      expect(cells.slice(8)).toEqual(['0%', '50% (1/2)']);
      // At 390 px the table scrolls inside its card; the page itself does not.
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await h.screenshot(page, `console-profit-scores-${width}`);
    },
    120_000,
  );

  it('edits a service’s backup providers through its form', async () => {
    const page = await consoleAt(1440);
    await page.goto(`/admin/services/${serviceId}`);
    await page.getByText('예비 공급사 (순서대로 시도, 5개까지)').waitFor();
    expect(await page.locator('input[name="priceRule"]').inputValue()).toBe('KEEP_PRICE');
    expect(await page.locator('input[name="providerRate"]').inputValue()).toBe('900.000000');
    await page.getByRole('button', { name: '추가' }).click();
    await page.getByRole('combobox', { name: '예비 공급사', exact: true }).click();
    await page.getByRole('option', { name: '예비 공급사' }).click();
    await page.locator('input[name="backupProviders.0.serviceId"]').fill('77');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(/\/admin\/services$/);
    const saved = (await h.t.http.get(`/api/admin/services/${serviceId}`).set('Authorization', admin).expect(200))
      .body as { backupProviders: unknown[]; priceRule: string; providerRate: string };
    expect(saved.backupProviders).toEqual([{ providerId: backupId, serviceId: '77', rate: null }]);
    expect(saved).toMatchObject({ priceRule: 'KEEP_PRICE', providerRate: '900.000000' });
  }, 120_000);
});
