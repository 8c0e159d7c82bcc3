import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;
const image = {
  png: Buffer.concat([PNG, Buffer.alloc(64, 1)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 3)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([60, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(56, 4)]),
};

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

  const upload = (data: Buffer, filename: string, auth = admin) => t.http.post('/api/admin/uploads').set('Authorization', auth).attach('file', data, filename);

  it.each([
    ['png', 'image/png', 'png'],
    ['jpeg', 'image/jpeg', 'jpg'],
    ['gif', 'image/gif', 'gif'],
    ['webp', 'image/webp', 'webp'],
  ] as const)('stores a %s under DATA_DIR/uploads and serves it at its url as %s', async (kind, contentType, ext) => {
    // The name the browser sends does not matter: the bytes decide.
    const res = await upload(image[kind], 'photo.bin').expect(201);
    expect(res.body).toEqual({ url: expect.stringMatching(new RegExp(`^/uploads/[0-9a-f-]{36}\\.${ext}$`)), contentType, size: image[kind].length });
    expect(existsSync(join(uploadsDir(), res.body.url.slice('/uploads/'.length)))).toBe(true);
    const served = await t.http.get(res.body.url).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe(contentType);
    expect(Buffer.compare(served.body as Buffer, image[kind])).toBe(0);
  });

  it('audits the upload', async () => {
    const res = await upload(image.png, 'a.png').expect(201);
    const audit = await t.http
      .get('/api/admin/audit-logs')
      .query({ filter: JSON.stringify({ resource: 'uploads', resourceId: res.body.url }) })
      .set('Authorization', admin)
      .expect(200);
    expect(audit.body).toEqual([expect.objectContaining({ action: 'create', operatorLoginId: 'operator', after: res.body })]);
  });

  it.each([
    ['an SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png'],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.html'],
    ['a PDF', Buffer.from('%PDF-1.7\n...'), 'x.jpg'],
    ['a WAV (RIFF but not WEBP)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]), 'x.webp'],
  ])('refuses %s with 415 and stores nothing', async (_what, data, name) => {
    const before = files();
    const res = await upload(data, name).expect(415);
    expect(res.body).toEqual({ statusCode: 415, message: '이미지 파일(png, jpeg, webp, gif)만 올릴 수 있습니다.' });
    expect(files()).toEqual(before);
  });

  it('takes an image of exactly 5 MB and refuses one byte more with 413, storing nothing', async () => {
    await upload(Buffer.concat([PNG, Buffer.alloc(5 * MB - PNG.length)]), 'max.png').expect(201);
    const before = files();
    const res = await upload(Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]), 'big.png').expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: '이미지는 5MB 이하만 올릴 수 있습니다.' });
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
