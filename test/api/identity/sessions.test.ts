import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';
import { logInOperator } from '../../support/second-factor.js';
import { clientIp, createMember, type TestMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';
import { UNKNOWN_DEVICE } from '../../../server/src/contracts/index.js';
import { Clock } from '../../../server/src/shared/index.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const GALAXY =
  'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

describe('sessions: refresh rotation, logout, revocation', () => {
  let t: TestApp;
  const as = (token: string) => `Bearer ${token}`;
  const profile = (token: string) => t.http.get('/api/auth/profile').set('Authorization', as(token));
  const refresh = (refreshToken: string) => t.http.post('/api/auth/refresh').send({ refreshToken });
  const login = (m: TestMember, device = 'jest-device') =>
    t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', clientIp())
      .set('User-Agent', device)
      .send({ id: m.loginId, password: m.password })
      .expect(200)
      .then((r) => r.body as { accessToken: string; refreshToken: string; expiresIn: number });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('records each login as a session with its device and address, and lists the open ones', async () => {
    const m = await createMember(t);
    const phone = await login(m, IPHONE);
    expect(phone.expiresIn).toBe(900);
    const list = await t.http.get('/api/auth/sessions').set('Authorization', as(phone.accessToken)).expect(200);
    expect(list.body).toHaveLength(2);
    const current = list.body.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({
      device: 'Safari · iPhone',
      userAgent: IPHONE,
      ip: expect.stringMatching(/^198\.18\./),
    });
    expect(Object.keys(current).sort()).toEqual([
      'createdAt',
      'current',
      'device',
      'id',
      'ip',
      'lastSeenAt',
      'userAgent',
    ]);
  });

  it('names the device in short (browser · system) and keeps the raw User-Agent', async () => {
    const m = await createMember(t);
    const agents = [WINDOWS_CHROME, IPHONE, GALAXY, MAC_SAFARI, 'jest-device', ''];
    let last = '';
    for (const agent of agents) last = (await login(m, agent)).accessToken;
    const list = await t.http.get('/api/auth/sessions').set('Authorization', as(last)).expect(200);
    const byAgent = Object.fromEntries(
      (list.body as { userAgent: string; device: string }[]).map((s) => [s.userAgent, s.device]),
    );
    process.stdout.write(`GET /api/auth/sessions devices: ${JSON.stringify(byAgent)}\n`);
    expect(byAgent).toEqual({
      [WINDOWS_CHROME]: 'Chrome · Windows',
      [IPHONE]: 'Safari · iPhone',
      [GALAXY]: 'Samsung Internet · Android',
      [MAC_SAFARI]: 'Safari · macOS',
      'jest-device': UNKNOWN_DEVICE,
      '': UNKNOWN_DEVICE,
    });
  });

  it('moves 최근 사용 as the session is used, at most once a minute', async () => {
    const m = await createMember(t);
    const session = await login(m, WINDOWS_CHROME);
    const lastSeen = async () =>
      (await t.http.get('/api/auth/sessions').set('Authorization', as(session.accessToken)).expect(200)).body.find(
        (s: { current: boolean }) => s.current,
      ).lastSeenAt as string;
    const opened = await lastSeen();
    const clock = t.app.get(Clock);
    clock.travel(30_000);
    await profile(session.accessToken).expect(200);
    const halfMinute = await lastSeen();
    clock.travel(31_000);
    await profile(session.accessToken).expect(200);
    const minuteOn = await lastSeen();
    process.stdout.write(`lastSeenAt: opened ${opened}, +30 s ${halfMinute}, +61 s ${minuteOn}\n`);
    expect(halfMinute).toBe(opened);
    expect(new Date(minuteOn).getTime() - new Date(opened).getTime()).toBeGreaterThanOrEqual(60_000);
  });

  it('rotates the refresh token; a reused one revokes the whole session', async () => {
    const m = await createMember(t);
    const first = await refresh(m.refreshToken!).expect(200);
    expect(first.body.refreshToken).not.toBe(m.refreshToken!);
    await profile(first.body.accessToken).expect(200);
    const second = await refresh(first.body.refreshToken).expect(200);
    await profile(second.body.accessToken).expect(200);

    // The first refresh token comes back: someone kept a copy. The session ends for everyone holding it.
    await refresh(m.refreshToken!).expect(401);
    await profile(second.body.accessToken).expect(401);
    await refresh(second.body.refreshToken).expect(401);
    const [row] = await sql<{ revoked_reason: string }>(t, 'select revoked_reason from auth_session where id = ?', [
      Number(m.refreshToken!.split('.')[0]),
    ]);
    expect(row!.revoked_reason).toBe('refresh-reuse');
  });

  it('refuses forged, malformed and operator refresh tokens without touching the session', async () => {
    const m = await createMember(t);
    const [id, generation] = m.refreshToken!.split('.');
    for (const bad of [`${id}.${generation}.${'A'.repeat(43)}`, `${id}.5.${m.refreshToken!.split('.')[2]}`, 'garbage'])
      await refresh(bad).expect(401);
    await t.http.post('/api/auth/refresh').send({}).expect(400);
    await t.http.post('/api/admin/auth/refresh').send({ refreshToken: m.refreshToken! }).expect(401);
    // Still the one good token: the forgeries revoked nothing.
    await profile(m.token).expect(200);
    await refresh(m.refreshToken!).expect(200);
  });

  it('logout ends this session only; logout-all ends every one', async () => {
    const m = await createMember(t);
    const other = await login(m);
    await t.http.post('/api/auth/logout').set('Authorization', as(m.token)).expect(200);
    await profile(m.token).expect(401);
    await refresh(m.refreshToken!).expect(401);
    await profile(other.accessToken).expect(200);

    const third = await login(m);
    const all = await t.http.post('/api/auth/logout-all').set('Authorization', as(third.accessToken)).expect(200);
    expect(all.body.revoked).toBe(2);
    await profile(other.accessToken).expect(401);
    await profile(third.accessToken).expect(401);
  });

  it("revokes one of the member's own sessions by id; another member's is not found", async () => {
    const m = await createMember(t);
    const laptop = await login(m, 'laptop');
    const stranger = await createMember(t);
    const mine = await t.http.get('/api/auth/sessions').set('Authorization', as(m.token)).expect(200);
    const laptopRow = mine.body.find((s: { userAgent: string }) => s.userAgent === 'laptop');
    await t.http.delete(`/api/auth/sessions/${laptopRow.id}`).set('Authorization', as(stranger.token)).expect(404);
    await profile(laptop.accessToken).expect(200);
    await t.http.delete(`/api/auth/sessions/${laptopRow.id}`).set('Authorization', as(m.token)).expect(200);
    await profile(laptop.accessToken).expect(401);
    await t.http.delete('/api/auth/sessions/abc').set('Authorization', as(m.token)).expect(400);
    const after = await t.http.get('/api/auth/sessions').set('Authorization', as(m.token)).expect(200);
    expect(after.body.map((s: { id: number }) => s.id)).not.toContain(laptopRow.id);
  });

  it('a password change ends every session; the member chooses whether the API key is renewed', async () => {
    const m = await createMember(t);
    const key = await t.http.post('/api/auth/api-key').set('Authorization', as(m.token)).expect(200);
    const other = await login(m);
    const kept = await t.http
      .post('/api/auth/change-password')
      .set('Authorization', as(m.token))
      .send({ currentPassword: m.password, newPassword: 'brand-new-1', renewApiKey: false })
      .expect(200);
    expect(kept.body.apiKey).toBeUndefined();
    await profile(m.token).expect(401);
    await profile(other.accessToken).expect(401);
    await refresh(other.refreshToken).expect(401);
    await t.http.get('/api/v2').query({ key: key.body.apiKey, action: 'balance' }).expect(200);

    const again = await login({ ...m, password: 'brand-new-1' });
    const renewed = await t.http
      .post('/api/auth/change-password')
      .set('Authorization', as(again.accessToken))
      .send({ currentPassword: 'brand-new-1', newPassword: 'brand-new-2', renewApiKey: true })
      .expect(200);
    expect(renewed.body.apiKey).toMatch(/\S{20,}/);
    const oldKey = await t.http.get('/api/v2').query({ key: key.body.apiKey, action: 'balance' });
    expect(oldKey.body.error).toBeDefined();
    const newKey = await t.http.get('/api/v2').query({ key: renewed.body.apiKey, action: 'balance' }).expect(200);
    expect(newKey.body.error).toBeUndefined();
  });

  it('operators have sessions too: list, logout, refresh', async () => {
    const res = { body: await logInOperator(t.http, TEST_OPERATOR, { 'User-Agent': 'console-browser' }) };
    const token = res.body.accessToken;
    const list = await t.http.get('/api/admin/auth/sessions').set('Authorization', as(token)).expect(200);
    expect(list.body.find((s: { current: boolean }) => s.current)).toMatchObject({
      device: UNKNOWN_DEVICE,
      userAgent: 'console-browser',
    });
    await t.http.post('/api/auth/refresh').send({ refreshToken: res.body.refreshToken }).expect(401);
    const next = await t.http.post('/api/admin/auth/refresh').send({ refreshToken: res.body.refreshToken }).expect(200);
    await t.http.get('/api/admin/auth/me').set('Authorization', as(next.body.accessToken)).expect(200);
    await t.http.post('/api/admin/auth/logout').set('Authorization', as(next.body.accessToken)).expect(200);
    await t.http.get('/api/admin/auth/me').set('Authorization', as(next.body.accessToken)).expect(401);
    await t.http.get('/api/admin/auth/me').set('Authorization', as(token)).expect(401);
  });
});
