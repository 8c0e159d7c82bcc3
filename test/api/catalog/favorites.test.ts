import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { SERVICE_SPEED_MESSAGES } from '../../../server/src/contracts/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { createService, em } from '../ordering/fixtures.js';

/** 즐겨찾기: GET /api/service/favorites (service ids), PUT / DELETE /api/service/favorites/:serviceId. */
describe('favourite services (즐겨찾기)', () => {
  let t: TestApp;
  let admin: string;
  let member: TestMember;
  let other: TestMember;
  let a: Service;
  let b: Service;

  beforeAll(async () => {
    t = await startTestApp();
    admin = `Bearer ${await t.operatorToken()}`;
    member = await createMember(t);
    other = await createMember(t);
    a = await createService(t);
    b = await createService(t);
  });
  afterAll(() => t.close());

  const as = (m: TestMember) => ({
    list: () => t.http.get('/api/service/favorites').set('Authorization', `Bearer ${m.token}`),
    put: (id: number | string) => t.http.put(`/api/service/favorites/${id}`).set('Authorization', `Bearer ${m.token}`),
    del: (id: number | string) =>
      t.http.delete(`/api/service/favorites/${id}`).set('Authorization', `Bearer ${m.token}`),
  });
  const stored = async (memberId: number) =>
    (
      await em(t).execute<{ service_id: number }[]>(
        'select service_id from service_favorite where member_id = ? order by service_id',
        [memberId],
      )
    ).map((r) => r.service_id);

  it('keeps each member their own favourites; PUT and DELETE are idempotent', async () => {
    const me = as(member);
    expect((await me.list().expect(200)).body).toEqual([]);
    expect((await me.put(a.id).expect(200)).body).toEqual([a.id]);
    expect((await me.put(a.id).expect(200)).body).toEqual([a.id]); // again: nothing changes
    expect((await me.put(b.id).expect(200)).body).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await stored(member.id)).toEqual([a.id, b.id].sort((x, y) => x - y));
    // Another member's list is their own.
    expect((await as(other).list().expect(200)).body).toEqual([]);
    expect((await as(other).put(b.id).expect(200)).body).toEqual([b.id]);

    expect((await me.del(a.id).expect(200)).body).toEqual([b.id]);
    expect((await me.del(a.id).expect(200)).body).toEqual([b.id]); // again: nothing changes
    expect((await me.list().expect(200)).body).toEqual([b.id]);
    expect(await stored(other.id)).toEqual([b.id]);
  });

  it('refuses unknown, hidden and malformed service ids with a Korean 4xx, storing nothing', async () => {
    const fresh = await createMember(t);
    const me = as(fresh);
    const unknown = await me.put(2_000_000_000).expect(404);
    expect(unknown.body).toMatchObject({
      code: 'FAVORITE_SERVICE_NOT_FOUND',
      message: SERVICE_SPEED_MESSAGES.favoriteNotFound,
    });
    await me.del(2_000_000_000).expect(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999'])
      expect((await me.put(bad).expect(400)).body).toMatchObject({
        code: 'FAVORITE_SERVICE_ID_INVALID',
        message: SERVICE_SPEED_MESSAGES.favoriteId,
      });

    const hidden = await createService(t, { visible: false });
    expect((await me.put(hidden.id).expect(404)).body.code).toBe('FAVORITE_SERVICE_NOT_FOUND');
    expect(await stored(fresh.id)).toEqual([]);
  });

  it('leaves out a favourite the operator hides, and still lets the member remove it', async () => {
    const fresh = await createMember(t);
    const me = as(fresh);
    const soon = await createService(t);
    await me.put(soon.id).expect(200);
    await t.http.put(`/api/admin/services/${soon.id}`).set('Authorization', admin).send({ visible: false }).expect(200);
    expect((await me.list().expect(200)).body).toEqual([]);
    await me.put(soon.id).expect(404);
    expect(await stored(fresh.id)).toEqual([soon.id]);
    expect((await me.del(soon.id).expect(200)).body).toEqual([]);
    expect(await stored(fresh.id)).toEqual([]);
  });

  it('answers 401 without a login', async () => {
    await t.http.get('/api/service/favorites').expect(401);
    await t.http.put(`/api/service/favorites/${a.id}`).expect(401);
    await t.http.delete(`/api/service/favorites/${a.id}`).expect(401);
  });
});
