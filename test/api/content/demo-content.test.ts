import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// What a newcomer's `npm start` shows: the customer content endpoints of docs/product.md §7 on the demo data.
describe('customer content endpoints on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true' });
  });
  afterAll(() => t.close());

  it('GET /api/service/notices: [{id, content, isTop, bgColor, createdAt}], the pinned, coloured one first', async () => {
    const res = await t.http.get('/api/service/notices').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(res.body[0]).sort()).toEqual(['bgColor', 'content', 'createdAt', 'id', 'isTop']);
    expect(res.body[0]).toMatchObject({ isTop: true, bgColor: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
    expect(res.body[0].content).toContain('입금자명');
    expect(
      res.body.slice(1).every((n: { isTop: boolean; bgColor: string | null }) => !n.isTop && n.bgColor === null),
    ).toBe(true);
    const times = res.body.slice(1).map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('GET /api/service/qnas: 6 to 8 Korean FAQ entries as {id, title, answer} about charging, ordering and refunds', async () => {
    const res = await t.http.get('/api/service/qnas').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(6);
    expect(res.body.length).toBeLessThanOrEqual(8);
    expect(Object.keys(res.body[0]).sort()).toEqual(['answer', 'id', 'title']);
    const text = res.body.map((q: { title: string; answer: string }) => q.title + q.answer).join(' ');
    for (const topic of ['충전', '주문', '환불', '3시간', '세금계산서']) expect(text).toContain(topic);
  });

  it('GET /api/service/popup: the enabled popup, whose image is served as a compact WebP of the popup size', async () => {
    const res = await t.http.get('/api/service/popup').expect(200);
    expect(res.body).toEqual([
      { id: expect.any(Number), enabled: true, imageUrl: expect.stringMatching(/^\/uploads\/[\w-]+\.webp$/) },
    ]);
    const image = await t.http.get(res.body[0].imageUrl).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 440, height: 600 });
    expect((image.body as Buffer).length).toBeLessThan(40 * 1024);
  });

  it('GET /api/service/guide: desktop and mobile link-guide images, both served', async () => {
    const res = await t.http.get('/api/service/guide').expect(200);
    expect(res.body).toEqual({
      desktopImageUrl: expect.stringMatching(/^\/uploads\/.+\.webp$/),
      mobileImageUrl: expect.stringMatching(/^\/uploads\/.+\.webp$/),
    });
    expect(res.body.desktopImageUrl).not.toBe(res.body.mobileImageUrl);
    for (const url of Object.values(res.body) as string[])
      await t.http.get(url).expect(200).expect('content-type', 'image/webp');
  });
});

describe('customer content endpoints on an empty database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers empty lists and no guide images, without a login', async () => {
    for (const path of ['notices', 'qnas', 'popup', 'register-where'])
      expect((await t.http.get(`/api/service/${path}`).expect(200)).body).toEqual([]);
    expect((await t.http.get('/api/service/guide').expect(200)).body).toEqual({
      desktopImageUrl: null,
      mobileImageUrl: null,
    });
  });
});
