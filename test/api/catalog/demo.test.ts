import { seedDemoCatalog } from '../../../server/src/database/demo/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { PLATFORM_IDS, scaledPrice } from '../../../server/src/contracts/index.js';

describe('demo catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedDemoCatalog(t.app);
  });
  afterAll(() => t.close());

  it('shows the 15 platforms of the order page, each with categories and orderable services', async () => {
    const platforms = (await t.http.get('/api/service/platforms').expect(200)).body as {
      id: string;
      bgColor: string;
      visible: boolean;
    }[];
    expect(platforms.map((p) => p.id)).toEqual([...PLATFORM_IDS]);
    expect(platforms.every((p) => /^#[0-9A-Fa-f]{6}$/.test(p.bgColor) && p.visible)).toBe(true);
    const categories = (await t.http.get('/api/service/categorys').expect(200)).body as {
      id: number;
      platform: string;
    }[];
    const services = (await t.http.get('/api/service/services').expect(200)).body as {
      text: string;
      point: number;
      min: number;
      max: number;
      categoryId: number;
      isReadOnly: boolean;
      enableAuto: boolean;
      type: string;
      refill: boolean;
      refillDays: number;
    }[];
    for (const platform of PLATFORM_IDS) {
      const ids = categories.filter((c) => c.platform === platform).map((c) => c.id);
      expect(services.some((s) => ids.includes(s.categoryId) && !s.isReadOnly)).toBe(true);
    }
    expect(services.length).toBeGreaterThan(40);
    expect(services.filter((s) => s.isReadOnly).length).toBeGreaterThanOrEqual(2);
    expect(services.filter((s) => s.enableAuto).length).toBeGreaterThanOrEqual(5);
    expect(services.some((s) => s.text.includes('한국인'))).toBe(true);
    expect(services.some((s) => s.text.includes('외국인'))).toBe(true);
    expect(services.some((s) => s.point < 1)).toBe(true);
    for (const s of services) {
      expect(scaledPrice(s.point)).toBeGreaterThan(0n);
      expect(s.min).toBeGreaterThanOrEqual(1);
      if (s.type === 'Package') expect(s.max).toBe(1);
      else expect(s.max).toBeGreaterThan(s.min);
    }
  });

  it('sells custom comments as Custom Comments, a package as a Package, and the 30-day refill services with refill', async () => {
    const services = (await t.http.get('/api/service/services').expect(200)).body as {
      text: string;
      type: string;
      refill: boolean;
      refillDays: number;
      min: number;
      max: number;
    }[];
    expect(services.find((s) => s.text === '🇰🇷 한국인 커스텀 댓글')).toMatchObject({
      type: 'Custom Comments',
      refill: false,
    });
    expect(services.filter((s) => s.type === 'Package').length).toBeGreaterThanOrEqual(1);
    expect(services.filter((s) => s.type === 'Subscriptions').map((s) => s.text)).toEqual([
      '🇰🇷 한국인 자동 좋아요 (새 게시물 구독)',
    ]);
    expect(services.filter((s) => s.type === 'Package').every((s) => s.min === 1 && s.max === 1)).toBe(true);
    const refill = services.filter((s) => s.text.includes('30일 리필'));
    expect(refill.length).toBeGreaterThanOrEqual(2);
    for (const s of refill) expect(s).toMatchObject({ refill: true, refillDays: 30 });
    expect(services.filter((s) => !s.text.includes('리필')).every((s) => !s.refill)).toBe(true);
  });
});
