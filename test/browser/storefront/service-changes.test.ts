import { startBrowserHarness, type BrowserHarness } from '../../support/browser.js';
import { createService } from '../../api/ordering/fixtures.js';
import { memberWithPoints, operator, ready, signedIn } from './storefront.js';

/** 서비스 변경 안내 at a phone's width: reached from the menu, dated, Korean, no sideways scroll. */
describe('the change log on the storefront', () => {
  let h: BrowserHarness;
  beforeAll(async () => {
    h = await startBrowserHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the operator changes newest first by day at 390px, with the note and without a hidden entry', async () => {
    const op = operator(h);
    const base = await createService(h.t, {
      text: '🇰🇷 한국인 실제 팔로워 (30일 리필 보장, 고품질 계정)',
      point: '12.5',
    });
    await op.put(`/api/admin/services/${base.id}`, { point: '15' });
    const views = await createService(h.t, { text: '유튜브 조회수 (광고 유입, 평균 시청 1분 이상)', point: '0.35' });
    await op.put(`/api/admin/services/${views.id}`, { point: '0.3' });
    await op.put(`/api/admin/services/${views.id}`, { visible: false });
    const wrong = await createService(h.t, { text: '잘못 등록된 서비스', point: '1' });
    const entries = (await op.get('/api/admin/service-changes')) as { id: number; serviceId: number; kind: string }[];
    const rise = entries.find((e) => e.serviceId === base.id && e.kind === 'PRICE_UP')!;
    await op.put(`/api/admin/service-changes/${rise.id}`, { note: '공급사 단가 인상으로 가격이 조정되었습니다.' });
    const mistake = entries.find((e) => e.serviceId === wrong.id)!;
    await op.put(`/api/admin/service-changes/${mistake.id}`, { hidden: true });

    const member = await memberWithPoints(h, 0n);
    const page = await h.newPage({ width: 390, height: 844 });
    await signedIn(page, member);
    await page.goto('/order');
    await ready(page);
    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('navigation', { name: '메뉴 목록' }).getByRole('link', { name: '서비스 변경 안내' }).click();
    await page.waitForURL('**/service-changes');
    await page.getByRole('heading', { name: '서비스 변경 안내' }).waitFor();
    const items = page.locator('.change-item');
    await items.first().waitFor();

    const texts = await items.allInnerTexts();
    expect(texts).toHaveLength(5);
    expect(texts[0]).toContain('일시 중지');
    expect(texts[0]).toContain('유튜브 조회수');
    expect(texts[1]).toMatch(/가격 인하[\s\S]*1,000개당 350원 → 300원/);
    expect(texts.some((t) => /가격 인상[\s\S]*12,500원 → 15,000원[\s\S]*공급사 단가 인상으로/.test(t))).toBe(true);
    expect(texts.filter((t) => t.includes('신규 서비스'))).toHaveLength(2);
    expect(texts.some((t) => t.includes('잘못 등록된 서비스'))).toBe(false);
    // Dated: each day is a card titled yyyy-MM-dd.
    expect(await page.locator('.change-day .card-title').first().innerText()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const width = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
    expect(width).toBeLessThanOrEqual(390);
    await h.screenshot(page, 'change-log-390');
  });
});
