import { logInOperator } from '../../support/second-factor.js';
import { OPERATOR_MESSAGES } from '../../../server/src/contracts/index.js';
import { sql } from '../../support/identity.js';
import { operatorWithRole } from '../../support/operators.js';
import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';

describe('operator team (운영자 관리): create, role, disable, reset password, audited by operator', () => {
  let t: TestApp;
  let owner: string;
  const login = (id: string, password: string) => t.http.post('/api/admin/auth/login').send({ id, password });

  beforeAll(async () => {
    t = await startTestApp();
    owner = `Bearer ${await t.operatorToken()}`;
  }, 120_000);
  afterAll(() => t.close());

  it('the bootstrap operator is an OWNER', async () => {
    const me = await t.http.get('/api/admin/auth/me').set('Authorization', owner).expect(200);
    expect(me.body).toMatchObject({ loginId: TEST_OPERATOR.id, role: 'OWNER' });
    const [row] = await sql<{ role: string }>(t, 'select role from operator where login_id = ?', [TEST_OPERATOR.id]);
    expect(row!.role).toBe('OWNER');
  });

  it('creates a SUPPORT operator who logs in and is refused the settings; never shows a password hash', async () => {
    const created = await t.http
      .post('/api/admin/operators')
      .set('Authorization', owner)
      .send({ loginId: 'support_kim', password: 'support-password-1', role: 'SUPPORT' })
      .expect(201);
    expect(created.body).toMatchObject({ loginId: 'support_kim', role: 'SUPPORT', disabledAt: null });
    expect(JSON.stringify(created.body)).not.toMatch(/hash|password/i);

    const token = (await login('support_kim', 'support-password-1').expect(200)).body.accessToken as string;
    const support = `Bearer ${token}`;
    const refused = await t.http.get('/api/admin/settings').set('Authorization', support).expect(403);
    expect(refused.body.message).toBe(OPERATOR_MESSAGES.forbidden);
    await t.http.get('/api/admin/orders').set('Authorization', support).expect(200);
    await t.http.get('/api/admin/operators').set('Authorization', support).expect(403);

    const list = await t.http
      .get('/api/admin/operators')
      .query({ filter: JSON.stringify({ role: 'SUPPORT' }) })
      .set('Authorization', owner)
      .expect(200);
    expect(list.body.map((o: { loginId: string }) => o.loginId)).toEqual(['support_kim']);
    expect(list.headers['content-range']).toMatch(/^operators 0-0\/1$/);
  });

  it('refuses a taken login id, an unknown role and a short password with Korean 4xx, creating nothing', async () => {
    const before = await sql<{ n: number }>(t, 'select count(*)::int as n from operator');
    const post = (body: object) => t.http.post('/api/admin/operators').set('Authorization', owner).send(body);
    expect(
      (await post({ loginId: 'support_kim', password: 'another-password', role: 'SUPPORT' }).expect(409)).body.message,
    ).toBe(OPERATOR_MESSAGES.duplicate);
    expect(
      (await post({ loginId: 'boss_lee', password: 'another-password', role: 'ROOT' }).expect(400)).body.message,
    ).toMatch(/역할은/);
    expect((await post({ loginId: 'boss_lee', password: 'short', role: 'MANAGER' }).expect(400)).body.message).toMatch(
      /비밀번호는 10자 이상/,
    );
    expect(await sql<{ n: number }>(t, 'select count(*)::int as n from operator')).toEqual(before);
  });

  it('a role change ends the sessions of the old role; the next login has the new one', async () => {
    const op = await operatorWithRole(t, 'SUPPORT');
    await t.http.get('/api/admin/providers').set('Authorization', op.auth).expect(403);
    const changed = await t.http
      .put(`/api/admin/operators/${op.id}`)
      .set('Authorization', owner)
      .send({ id: op.id, loginId: 'ignored', role: 'MANAGER' })
      .expect(200);
    expect(changed.body).toMatchObject({ loginId: op.loginId, role: 'MANAGER' });
    await t.http.get('/api/admin/providers').set('Authorization', op.auth).expect(401);
    const again = await logInOperator(t.http, { id: op.loginId, password: `${op.loginId}-password` });
    await t.http.get('/api/admin/providers').set('Authorization', `Bearer ${again.accessToken}`).expect(200);
  });

  it('a disabled operator can neither log in nor use a token; enabled again, both work', async () => {
    const op = await operatorWithRole(t, 'ACCOUNTANT', 'acct_park');
    const password = 'acct_park-password';
    await t.http.post(`/api/admin/operators/${op.id}/disable`).set('Authorization', owner).expect(200);
    await t.http.get('/api/admin/auth/me').set('Authorization', op.auth).expect(401);
    await login(op.loginId, password).expect(404);
    const again = await t.http.post(`/api/admin/operators/${op.id}/disable`).set('Authorization', owner).expect(409);
    expect(again.body.message).toBe(OPERATOR_MESSAGES.alreadyDisabled);
    await t.http.post(`/api/admin/operators/${op.id}/enable`).set('Authorization', owner).expect(200);
    await login(op.loginId, password).expect(200);
  });

  it('resets a password: the old one stops working, the new one logs in', async () => {
    const op = await operatorWithRole(t, 'MANAGER', 'mgr_choi');
    await t.http
      .post(`/api/admin/operators/${op.id}/reset-password`)
      .set('Authorization', owner)
      .send({ password: 'brand-new-password' })
      .expect(200);
    await login(op.loginId, 'mgr_choi-password').expect(404);
    await login(op.loginId, 'brand-new-password').expect(200);
  });

  it('the owner cannot disable or demote themself (the team keeps an owner)', async () => {
    const me = (await t.http.get('/api/admin/auth/me').set('Authorization', owner)).body as { id: number };
    const res = await t.http.post(`/api/admin/operators/${me.id}/disable`).set('Authorization', owner).expect(409);
    expect(res.body.message).toBe(OPERATOR_MESSAGES.notYourself);
    await t.http.put(`/api/admin/operators/${me.id}`).set('Authorization', owner).send({ role: 'SUPPORT' }).expect(409);
    await t.http.get('/api/admin/auth/me').set('Authorization', owner).expect(200);
  });

  it('the audit log names the operator of every command and filters by operator', async () => {
    const manager = await operatorWithRole(t, 'MANAGER');
    // The manager's own command: a catalogue write.
    await t.http
      .post('/api/admin/platforms')
      .set('Authorization', manager.auth)
      .send({ id: 'audited', text: '감사 플랫폼' })
      .expect(201);
    const byManager = await t.http
      .get('/api/admin/audit-logs')
      .query({ filter: JSON.stringify({ operatorId: manager.id }) })
      .set('Authorization', owner)
      .expect(200);
    expect(byManager.body).toEqual([
      expect.objectContaining({ operatorId: manager.id, operatorLoginId: manager.loginId, resource: 'platforms' }),
    ]);
    const operatorsAudit = await t.http
      .get('/api/admin/audit-logs')
      .query({ filter: JSON.stringify({ resource: 'operators' }) })
      .set('Authorization', owner)
      .expect(200);
    const actions = new Set(operatorsAudit.body.map((a: { action: string }) => a.action));
    expect([...actions].sort()).toEqual(['create', 'disable', 'enable', 'reset-password', 'update']);
    for (const entry of operatorsAudit.body) expect(entry.operatorLoginId).toBe(TEST_OPERATOR.id);
    expect(JSON.stringify(operatorsAudit.body)).not.toMatch(/brand-new-password|passwordHash/);
  });
});
