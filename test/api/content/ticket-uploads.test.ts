import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { UploadCleanupJob } from '../../../server/src/modules/content/index.js';
import { Clock } from '../../../server/src/shared/index.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MINUTE = 60_000;

/** Members' 문의 images: limited per member (10 per 10 minutes, 30 a day), removed unless a ticket takes them within a day. */
describe('POST /api/service/tickets/images: limits and cleanup', () => {
  let t: TestApp;
  const files = () => readdirSync(join(t.server.config.dataDir, 'uploads'));
  const upload = (m: TestMember) =>
    t.http
      .post('/api/service/tickets/images')
      .set('Authorization', `Bearer ${m.token}`)
      .attach('file', PNG_1x1, 'a.png');

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => t.app.get(Clock).reset());

  it('10 uploads per 10 minutes per member, then a Korean 429 that keeps nothing', async () => {
    const m = await createMember(t);
    for (let i = 0; i < 10; i++) await upload(m).expect(201);
    const before = files().length;
    const res = await upload(m).expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      code: 'TICKET_IMAGE_RATE',
      message: '이미지는 10분에 10장까지 올릴 수 있습니다. 잠시 후 다시 시도해 주세요.',
    });
    expect(files()).toHaveLength(before);
    // Another member's allowance is their own; this one's refills one a minute.
    await upload(await createMember(t)).expect(201);
    t.app.get(Clock).travel(MINUTE);
    await upload(m).expect(201);
    await upload(m).expect(429);
  });

  it('30 uploads a day per member, then a Korean 429 whose file is not kept', async () => {
    const m = await createMember(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) await upload(m).expect(201);
      t.app.get(Clock).travel(10 * MINUTE);
    }
    const before = files().length;
    const res = await upload(m).expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      code: 'TICKET_IMAGE_QUOTA',
      message: '이미지는 하루에 30장까지 올릴 수 있습니다. 내일 다시 시도해 주세요.',
    });
    expect(files()).toHaveLength(before);
    t.app.get(Clock).travel(24 * 60 * MINUTE);
    await upload(m).expect(201);
  });

  it('an upload no ticket took within a day is removed (file and record) by the hourly job; an attached one stays', async () => {
    const m = await createMember(t);
    const loose = (await upload(m).expect(201)).body.url as string;
    const kept = (await upload(m).expect(201)).body.url as string;
    await t.http
      .post('/api/service/tickets')
      .set('Authorization', `Bearer ${m.token}`)
      .send({ type: 'OTHER', subject: '이미지', body: '첨부', images: [kept] })
      .expect(201);
    const job = t.app.get(UploadCleanupJob);
    const name = (url: string) => url.replace('/uploads/', '');
    t.app.get(Clock).travel(23 * 60 * MINUTE);
    await job.runOnce();
    expect(files()).toEqual(expect.arrayContaining([name(loose), name(kept)]));
    t.app.get(Clock).travel(61 * MINUTE);
    expect(await job.runOnce()).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(t.server.config.dataDir, 'uploads', name(loose)))).toBe(false);
    expect(files()).toContain(name(kept));
    await t.http.get(loose).expect(404);
    await t.http.get(kept).expect(200);
    // Removed, it can no longer be attached.
    const late = await t.http
      .post('/api/service/tickets')
      .set('Authorization', `Bearer ${m.token}`)
      .send({ type: 'OTHER', subject: '늦은 첨부', body: '첨부', images: [loose] })
      .expect(400);
    expect(late.body.code).toBe('TICKET_IMAGE_NOT_OWN');
  });
});
