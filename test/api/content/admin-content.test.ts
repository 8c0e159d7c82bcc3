import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { ContentFacade } from '../../../server/src/modules/content/index.js';

const bearer = (token: string) => `Bearer ${token}`;

interface Case {
  resource: string;
  valid: Record<string, unknown>;
  stored: Record<string, unknown>;
  update: Record<string, unknown>;
  invalid: [message: string, body: Record<string, unknown>][];
}

const CASES: Case[] = [
  {
    resource: 'notices',
    valid: { content: ' 설 연휴 고객센터 휴무 안내 ', isTop: true, bgColor: '#ffeecc' },
    stored: { content: '설 연휴 고객센터 휴무 안내', isTop: true, bgColor: '#ffeecc' },
    update: { bgColor: '' },
    invalid: [
      ['내용을 입력해 주세요.', { content: '' }],
      ['내용을 입력해 주세요.', {}],
      ['배경색은 #RRGGBB 형식이어야 합니다.', { content: '공지', bgColor: 'red' }],
      ['5000자 이하로 입력해 주세요.', { content: 'x'.repeat(5001) }],
    ],
  },
  {
    resource: 'faqs',
    valid: { title: '충전은 언제 되나요?', answer: '입금 후 1~10분 안에 됩니다.', sortOrder: 3 },
    stored: { title: '충전은 언제 되나요?', answer: '입금 후 1~10분 안에 됩니다.', sortOrder: 3 },
    update: { answer: '입금이 확인되면 바로 충전됩니다.' },
    invalid: [
      ['제목을 입력해 주세요.', { answer: '답' }],
      ['답변을 입력해 주세요.', { title: '질문', answer: ' ' }],
      ['정렬 순서는 정수여야 합니다.', { title: '질문', answer: '답', sortOrder: 1.5 }],
    ],
  },
  {
    resource: 'popups',
    valid: { imageUrl: '/uploads/abc-123.png' },
    stored: { imageUrl: '/uploads/abc-123.png', enabled: true },
    update: { enabled: false },
    invalid: [
      ['이미지 주소는 /uploads/ 파일이거나 http(s) 주소여야 합니다.', {}],
      ['이미지 주소는 /uploads/ 파일이거나 http(s) 주소여야 합니다.', { imageUrl: 'javascript:alert(1)' }],
      ['이미지 주소는 /uploads/ 파일이거나 http(s) 주소여야 합니다.', { imageUrl: '/uploads/../jwt-secret' }],
    ],
  },
  {
    resource: 'register-wheres',
    valid: { text: '틱톡 광고', sortOrder: 10 },
    stored: { text: '틱톡 광고', sortOrder: 10 },
    update: { text: '틱톡' },
    invalid: [['항목 이름을 입력해 주세요.', { text: '' }]],
  },
  {
    resource: 'guide-images',
    valid: { device: 'DESKTOP', imageUrl: 'https://cdn.example.com/guide-pc.png' },
    stored: { device: 'DESKTOP', imageUrl: 'https://cdn.example.com/guide-pc.png' },
    update: { imageUrl: '/uploads/guide-pc-2.webp' },
    invalid: [
      ['이미지 주소는 /uploads/ 파일이거나 http(s) 주소여야 합니다.', { device: 'MOBILE' }],
      ['기기 유형은 DESKTOP 또는 MOBILE 이어야 합니다.', { device: 'TABLET', imageUrl: '/uploads/a.png' }],
    ],
  },
];

describe('operator content CRUD (ra-data-simple-rest, audited)', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await startTestApp();
    admin = bearer(await t.operatorToken());
    member = bearer((await createMember(t)).token);
  });
  afterAll(() => t.close());

  const audit = async (resource: string, id: number) =>
    (
      await t.http
        .get('/api/admin/audit-logs')
        .query({ filter: JSON.stringify({ resource, resourceId: String(id) }), sort: JSON.stringify(['id', 'ASC']) })
        .set('Authorization', admin)
        .expect(200)
    ).body as {
      action: string;
      operatorLoginId: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];

  it.each([
    ['faqs', (n: number) => ({ title: `질문 ${n}`, answer: '답' })],
    ['register-wheres', (n: number) => ({ text: `경로 ${n}` })],
  ] as const)('%s: a new item without a sort order goes to the end of its list', async (resource, body) => {
    const base = `/api/admin/${resource}`;
    const zero = await t.http
      .post(base)
      .set('Authorization', admin)
      .send({ ...body(1), sortOrder: 40 })
      .expect(201);
    const first = await t.http.post(base).set('Authorization', admin).send(body(2)).expect(201);
    const second = await t.http.post(base).set('Authorization', admin).send(body(3)).expect(201);
    expect([first.body.sortOrder, second.body.sortOrder]).toEqual([41, 42]);
    const list = await t.http
      .get(base)
      .query({ sort: JSON.stringify(['sortOrder', 'ASC']), range: JSON.stringify([0, 999]) })
      .set('Authorization', admin)
      .expect(200);
    expect(list.body.at(-1).id).toBe(second.body.id);
    expect(list.body.at(-2).id).toBe(first.body.id);
    // Leave the lists as found for the suites below.
    for (const row of [zero, first, second])
      await t.http.delete(`${base}/${row.body.id}`).set('Authorization', admin).expect(200);
  });

  describe.each(CASES)('$resource', ({ resource, valid, stored, update, invalid }) => {
    const base = `/api/admin/${resource}`;

    it('creates, reads, updates and deletes, auditing each write with before and after', async () => {
      const created = await t.http.post(base).set('Authorization', admin).send(valid).expect(201);
      expect(created.body).toMatchObject({ id: expect.any(Number), ...stored });
      const id = created.body.id as number;
      expect((await t.http.get(`${base}/${id}`).set('Authorization', admin).expect(200)).body).toEqual(created.body);

      const updated = await t.http
        .put(`${base}/${id}`)
        .set('Authorization', admin)
        .send({ ...update, id })
        .expect(200);
      const expectedUpdate = Object.fromEntries(Object.entries(update).map(([k, v]) => [k, v === '' ? null : v]));
      expect(updated.body).toEqual({ ...created.body, ...expectedUpdate });

      const deleted = await t.http.delete(`${base}/${id}`).set('Authorization', admin).expect(200);
      expect(deleted.body).toMatchObject({ id, ...expectedUpdate });
      await t.http.get(`${base}/${id}`).set('Authorization', admin).expect(404);
      await t.http.put(`${base}/${id}`).set('Authorization', admin).send(update).expect(404);
      await t.http.delete(`${base}/${id}`).set('Authorization', admin).expect(404);
      await t.http.get(`${base}/99999999999`).set('Authorization', admin).expect(400);
      await t.http.put(`${base}/abc`).set('Authorization', admin).send(update).expect(400);

      const rows = await audit(resource, id);
      expect(rows.map((r) => [r.action, r.operatorLoginId])).toEqual([
        ['create', 'operator'],
        ['update', 'operator'],
        ['delete', 'operator'],
      ]);
      expect(rows[0]!.before).toBeNull();
      expect(rows[0]!.after).toMatchObject(stored);
      expect(rows[1]!.before).toMatchObject(stored);
      expect(rows[1]!.after).toMatchObject(expectedUpdate);
      expect(rows[2]!.after).toBeNull();
    });

    it.each(invalid)('refuses case %# with 400 %s, writing nothing', async (message, body) => {
      const before = (await t.http.get(base).set('Authorization', admin).expect(200)).headers['content-range'];
      const res = await t.http.post(base).set('Authorization', admin).send(body).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: expect.any(String), message });
      expect((await t.http.get(base).set('Authorization', admin).expect(200)).headers['content-range']).toBe(before);
    });

    it('refuses a bad update with 400 and keeps the record', async () => {
      const { id } = (await t.http.post(base).set('Authorization', admin).send(valid).expect(201)).body;
      const [message, body] = invalid[invalid.length - 1]!;
      const res = await t.http.put(`${base}/${id}`).set('Authorization', admin).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect((await t.http.get(`${base}/${id}`).set('Authorization', admin).expect(200)).body).toMatchObject(stored);
      await t.http.delete(`${base}/${id}`).set('Authorization', admin).expect(200);
    });

    it('refuses member tokens and missing tokens on every route (401)', async () => {
      const { id } = (await t.http.post(base).set('Authorization', admin).send(valid).expect(201)).body;
      for (const auth of [member, undefined]) {
        const calls = [
          t.http.get(base),
          t.http.get(`${base}/${id}`),
          t.http.post(base).send(valid),
          t.http.put(`${base}/${id}`).send(update),
          t.http.delete(`${base}/${id}`),
        ];
        for (const call of calls) await (auth ? call.set('Authorization', auth) : call).expect(401);
      }
      expect((await t.http.get(`${base}/${id}`).set('Authorization', admin).expect(200)).body).toMatchObject(stored);
      await t.http.delete(`${base}/${id}`).set('Authorization', admin).expect(200);
    });
  });

  it('pages, sorts and filters notices with Content-Range; the storefront shows pinned ones first', async () => {
    const make = (content: string, isTop = false) =>
      t.http.post('/api/admin/notices').set('Authorization', admin).send({ content, isTop }).expect(201);
    const ids = [];
    for (const [content, top] of [
      ['하나', false],
      ['둘 (고정)', true],
      ['셋', false],
      ['넷', false],
    ] as const)
      ids.push((await make(content, top)).body.id);
    const list = (query: Record<string, unknown>) =>
      t.http
        .get('/api/admin/notices')
        .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
        .set('Authorization', admin)
        .expect(200);
    const page = await list({ sort: ['id', 'ASC'], range: [1, 2] });
    expect(page.headers['content-range']).toBe('notices 1-2/4');
    expect(page.body.map((n: { id: number }) => n.id)).toEqual([ids[1], ids[2]]);
    expect((await list({})).body.map((n: { id: number }) => n.id)).toEqual([...ids].reverse());
    expect((await list({ filter: { isTop: true } })).body.map((n: { id: number }) => n.id)).toEqual([ids[1]]);
    expect((await list({ filter: { q: '셋' } })).body.map((n: { id: number }) => n.id)).toEqual([ids[2]]);
    await t.http
      .get('/api/admin/notices')
      .query({ filter: JSON.stringify({ isTop: 'maybe' }) })
      .set('Authorization', admin)
      .expect(400);
    await t.http
      .get('/api/admin/notices')
      .query({ sort: JSON.stringify(['content', 'ASC']) })
      .set('Authorization', admin)
      .expect(400);

    const shown = (await t.http.get('/api/service/notices').expect(200)).body.map((n: { id: number }) => n.id);
    expect(shown).toEqual([ids[1], ids[3], ids[2], ids[0]]);
    for (const id of ids) await t.http.delete(`/api/admin/notices/${id}`).set('Authorization', admin).expect(200);
  });

  it('orders the FAQ by sortOrder for customers, filters it by text, and answers {id, title, answer}', async () => {
    const make = (title: string, sortOrder: number) =>
      t.http
        .post('/api/admin/faqs')
        .set('Authorization', admin)
        .send({ title, answer: `${title}의 답`, sortOrder })
        .expect(201);
    const third = (await make('셋째', 30)).body.id;
    const first = (await make('첫째', 10)).body.id;
    const second = (await make('둘째', 20)).body.id;
    expect((await t.http.get('/api/service/qnas').expect(200)).body).toEqual([
      { id: first, title: '첫째', answer: '첫째의 답' },
      { id: second, title: '둘째', answer: '둘째의 답' },
      { id: third, title: '셋째', answer: '셋째의 답' },
    ]);
    const sorted = await t.http
      .get('/api/admin/faqs')
      .query({ sort: JSON.stringify(['sortOrder', 'ASC']) })
      .set('Authorization', admin)
      .expect(200);
    expect(sorted.body.map((f: { id: number }) => f.id)).toEqual([first, second, third]);
    expect(sorted.headers['content-range']).toBe('faqs 0-2/3');
    const found = await t.http
      .get('/api/admin/faqs')
      .query({ filter: JSON.stringify({ q: '둘째의' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(found.body.map((f: { id: number }) => f.id)).toEqual([second]);
    for (const id of [first, second, third])
      await t.http.delete(`/api/admin/faqs/${id}`).set('Authorization', admin).expect(200);
  });

  it('shows customers only enabled popups, and filters them for operators', async () => {
    const on = (
      await t.http
        .post('/api/admin/popups')
        .set('Authorization', admin)
        .send({ imageUrl: '/uploads/on.png' })
        .expect(201)
    ).body;
    const off = (
      await t.http
        .post('/api/admin/popups')
        .set('Authorization', admin)
        .send({ imageUrl: '/uploads/off.png', enabled: false })
        .expect(201)
    ).body;
    expect((await t.http.get('/api/service/popup').expect(200)).body).toEqual([
      { id: on.id, enabled: true, imageUrl: '/uploads/on.png' },
    ]);
    const disabled = await t.http
      .get('/api/admin/popups')
      .query({ filter: JSON.stringify({ enabled: false }) })
      .set('Authorization', admin)
      .expect(200);
    expect(disabled.body.map((p: { id: number }) => p.id)).toEqual([off.id]);
    await t.http.put(`/api/admin/popups/${on.id}`).set('Authorization', admin).send({ enabled: false }).expect(200);
    expect((await t.http.get('/api/service/popup').expect(200)).body).toEqual([]);
    for (const p of [on, off]) await t.http.delete(`/api/admin/popups/${p.id}`).set('Authorization', admin).expect(200);
  });

  it("offers operators' sign-up routes on the sign-up form, in their order", async () => {
    const a = (
      await t.http
        .post('/api/admin/register-wheres')
        .set('Authorization', admin)
        .send({ text: '지인 추천', sortOrder: 2 })
        .expect(201)
    ).body;
    const b = (
      await t.http
        .post('/api/admin/register-wheres')
        .set('Authorization', admin)
        .send({ text: '검색', sortOrder: 1 })
        .expect(201)
    ).body;
    expect((await t.http.get('/api/service/register-where').expect(200)).body).toEqual([
      { id: b.id, text: '검색' },
      { id: a.id, text: '지인 추천' },
    ]);
    expect(await t.app.get(ContentFacade).isRegisterWhereOption('검색')).toBe(true);
    await t.http.delete(`/api/admin/register-wheres/${b.id}`).set('Authorization', admin).expect(200);
    expect(await t.app.get(ContentFacade).isRegisterWhereOption('검색')).toBe(false);
    await t.http.delete(`/api/admin/register-wheres/${a.id}`).set('Authorization', admin).expect(200);
  });

  it('keeps one guide image per device (409 on a second) and serves both to the /guide page', async () => {
    const desktop = (
      await t.http
        .post('/api/admin/guide-images')
        .set('Authorization', admin)
        .send({ device: 'DESKTOP', imageUrl: '/uploads/pc.png' })
        .expect(201)
    ).body;
    const dup = await t.http
      .post('/api/admin/guide-images')
      .set('Authorization', admin)
      .send({ device: 'DESKTOP', imageUrl: '/uploads/pc2.png' })
      .expect(409);
    expect(dup.body.message).toBe('이 기기의 가이드 이미지가 이미 있습니다. 기존 항목을 수정해 주세요.');
    expect((await t.http.get('/api/service/guide').expect(200)).body).toEqual({
      desktopImageUrl: '/uploads/pc.png',
      mobileImageUrl: null,
    });
    const mobile = (
      await t.http
        .post('/api/admin/guide-images')
        .set('Authorization', admin)
        .send({ device: 'MOBILE', imageUrl: '/uploads/m.png' })
        .expect(201)
    ).body;
    await t.http
      .put(`/api/admin/guide-images/${mobile.id}`)
      .set('Authorization', admin)
      .send({ device: 'DESKTOP' })
      .expect(409);
    expect((await t.http.get('/api/service/guide').expect(200)).body).toEqual({
      desktopImageUrl: '/uploads/pc.png',
      mobileImageUrl: '/uploads/m.png',
    });
    const byDevice = await t.http
      .get('/api/admin/guide-images')
      .query({ filter: JSON.stringify({ device: 'MOBILE' }) })
      .set('Authorization', admin)
      .expect(200);
    expect(byDevice.body.map((g: { id: number }) => g.id)).toEqual([mobile.id]);
    expect(byDevice.headers['content-range']).toBe('guide-images 0-0/1');
    await t.http
      .get('/api/admin/guide-images')
      .query({ filter: JSON.stringify({ device: 'TV' }) })
      .set('Authorization', admin)
      .expect(400);
    for (const g of [desktop, mobile])
      await t.http.delete(`/api/admin/guide-images/${g.id}`).set('Authorization', admin).expect(200);
  });
});
