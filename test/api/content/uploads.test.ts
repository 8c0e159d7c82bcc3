import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;
/** A real picture of `width` x `height` (a gradient with a block of noise, like a notice with a photo). */
const picture = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#6a5cf0', noise: { type: 'gaussian', mean: 120, sigma: 20 } },
  });
const frame = (colour: string) =>
  sharp({ create: { width: 600, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
let image: Record<'png' | 'jpeg' | 'gif' | 'webp' | 'animatedGif', Buffer>;

beforeAll(async () => {
  image = {
    png: await picture(440, 600).png().toBuffer(),
    jpeg: await picture(440, 600).jpeg().toBuffer(),
    gif: await picture(120, 80).gif().toBuffer(),
    webp: await picture(440, 600).webp({ quality: 60 }).toBuffer(),
    animatedGif: await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer(),
  };
});

describe('POST /api/admin/uploads', () => {
  let t: TestApp;
  let admin: string;
  const uploadsDir = () => join(t.server.config.dataDir, 'uploads');
  const files = () => readdirSync(uploadsDir()).sort();

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
  });
  afterAll(() => t.close());

  const upload = (data: Buffer, filename: string, auth = admin) =>
    t.http.post('/api/admin/uploads').set('Authorization', auth).attach('file', data, filename);

  const servedAt = async (url: string) => {
    const res = await t.http.get(url).buffer(true).expect(200);
    return { body: res.body as Buffer, headers: res.headers };
  };

  it.each(['png', 'jpeg', 'gif'] as const)(
    'stores a %s re-encoded as WebP under DATA_DIR/uploads, served at its url for good',
    async (kind) => {
      // The name the browser sends does not matter: the bytes decide.
      const res = await upload(image[kind], 'photo.bin').expect(201);
      expect(res.body).toEqual({
        url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/),
        contentType: 'image/webp',
        size: expect.any(Number),
      });
      const file = join(uploadsDir(), res.body.url.slice('/uploads/'.length));
      expect(existsSync(file)).toBe(true);
      const served = await servedAt(res.body.url);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Buffer.compare(served.body, readFileSync(file))).toBe(0);
      expect(served.body.length).toBe(res.body.size);
      const source = await sharp(image[kind]).metadata();
      expect(await sharp(served.body).metadata()).toMatchObject({
        format: 'webp',
        width: source.width,
        height: source.height,
      });
    },
  );

  it('keeps a WebP that already fits as it was sent', async () => {
    const res = await upload(image.webp, 'a.webp').expect(201);
    expect(res.body).toEqual({
      url: expect.stringMatching(/\.webp$/),
      contentType: 'image/webp',
      size: image.webp.length,
    });
    expect(Buffer.compare((await servedAt(res.body.url)).body, image.webp)).toBe(0);
  });

  it('makes a PNG notice a fraction of its size', async () => {
    const demo = readFileSync(new URL('../../../server/src/database/demo-assets/popup-notice.png', import.meta.url));
    const res = await upload(demo, 'popup-notice.png').query({ purpose: 'popup' }).expect(201);
    expect(res.body.size).toBeLessThan(demo.length / 3);
    expect(await sharp((await servedAt(res.body.url)).body).metadata()).toMatchObject({ width: 440, height: 600 });
  });

  it.each([
    ['popup', { width: 800, height: 1200 }],
    ['guide-mobile', { width: 1080, height: 1620 }],
    ['guide-desktop', { width: 1600, height: 2400 }],
    [undefined, { width: 1920, height: 2880 }],
    ['anything else', { width: 1920, height: 2880 }],
  ])(
    'shrinks a large image (2000x3000) to fit where it is shown (purpose %s), keeping its proportions',
    async (purpose, size) => {
      const big = await picture(2000, 3000).jpeg({ quality: 70 }).toBuffer();
      const request = upload(big, 'big.jpg');
      const res = await (purpose ? request.query({ purpose }) : request).expect(201);
      expect(await sharp((await servedAt(res.body.url)).body).metadata()).toMatchObject({ format: 'webp', ...size });
    },
  );

  it('keeps an animation animated (as WebP), each frame shrunk to fit', async () => {
    const res = await upload(image.animatedGif, 'banner.gif').query({ purpose: 'popup' }).expect(201);
    expect(res.body.contentType).toBe('image/webp');
    const meta = await sharp((await servedAt(res.body.url)).body, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'webp', pages: 2, width: 600, pageHeight: 300 });
  });

  it('audits the upload', async () => {
    const res = await upload(image.png, 'a.png').expect(201);
    const audit = await t.http
      .get('/api/admin/audit-logs')
      .query({ filter: JSON.stringify({ resource: 'uploads', resourceId: res.body.url }) })
      .set('Authorization', admin)
      .expect(200);
    expect(audit.body).toEqual([
      expect.objectContaining({ action: 'create', operatorLoginId: 'operator', after: res.body }),
    ]);
  });

  it.each([
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
    ],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.html'],
    ['a PDF', Buffer.from('%PDF-1.7\n...'), 'x.jpg'],
    [
      'a WAV (RIFF but not WEBP)',
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]),
      'x.webp',
    ],
    ['a PNG signature with nothing drawable after it', Buffer.concat([PNG, Buffer.alloc(64, 1)]), 'x.png'],
  ])('refuses %s with 415 and stores nothing', async (_what, data, name) => {
    const before = files();
    const res = await upload(data, name).expect(415);
    expect(res.body).toEqual({
      statusCode: 415,
      code: expect.any(String),
      message: '이미지 파일(png, jpeg, webp, gif)만 올릴 수 있습니다.',
    });
    expect(files()).toEqual(before);
  });

  it('takes an image of exactly 5 MB and refuses one byte more with 413, storing nothing', async () => {
    // A real PNG with bytes after its end, as some editors leave them.
    await upload(Buffer.concat([image.png, Buffer.alloc(5 * MB - image.png.length)]), 'max.png').expect(201);
    const before = files();
    const res = await upload(Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]), 'big.png').expect(413);
    expect(res.body).toEqual({
      statusCode: 413,
      code: expect.any(String),
      message: '이미지는 5MB 이하만 올릴 수 있습니다.',
    });
    expect(files()).toEqual(before);
  });

  it('answers 400 when no file is sent, or the body is not multipart', async () => {
    const noFile = await t.http.post('/api/admin/uploads').set('Authorization', admin).field('name', 'x').expect(400);
    expect(noFile.body.message).toBe('이미지 파일을 선택해 주세요.');
    await t.http.post('/api/admin/uploads').set('Authorization', admin).send({ file: 'x' }).expect(400);
  });

  it('refuses members and anonymous callers (401)', async () => {
    const member = await createMember(t);
    const before = files();
    await upload(image.png, 'a.png', `Bearer ${member.token}`).expect(401);
    await t.http.post('/api/admin/uploads').attach('file', image.png, 'a.png').expect(401);
    expect(files()).toEqual(before);
  });

  it('serves nothing outside the uploads directory', async () => {
    for (const path of ['/uploads/../jwt-secret', '/uploads/%2e%2e/jwt-secret', '/uploads/..%2fjwt-secret']) {
      const res = await t.http.get(path);
      expect([403, 404]).toContain(res.status);
      expect(res.text).not.toContain('test-secret');
    }
    await t.http.get('/uploads/nope.png').expect(404);
  });
});
