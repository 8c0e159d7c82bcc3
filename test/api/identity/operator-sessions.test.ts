import { SECOND_FACTOR_MESSAGES as M } from '../../../server/src/contracts/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { sql } from '../../support/identity.js';
import { logInOperator } from '../../support/second-factor.js';

/** Sessions follow the account: the owner's password reset and a role change end the operator's sessions. */
describe("operator sessions end with the owner's reset and a role change", () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    owner = `Bearer ${await t.operatorToken()}`;
  }, 120_000);
  afterAll(() => t.close());

  async function supportOperator() {
    const loginId = `sup_${Math.random().toString(36).slice(2, 8)}`;
    const password = 'support-password-1';
    const created = await t.http
      .post('/api/admin/operators')
      .set('Authorization', owner)
      .send({ loginId, password, role: 'SUPPORT' })
      .expect(201);
    const session = await logInOperator(t.http, { id: loginId, password });
    await t.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${session.accessToken}`).expect(200);
    return { id: created.body.id as number, loginId, password, session };
  }

  const after = async (session: { accessToken: string; refreshToken: string }) => {
    const me = await t.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${session.accessToken}`);
    const refreshed = await t.http.post('/api/admin/auth/refresh').send({ refreshToken: session.refreshToken });
    return { me: me.status, refresh: refreshed.status };
  };

  it("the owner's password reset ends the operator's access and refresh tokens at once", async () => {
    const op = await supportOperator();
    await t.http
      .post(`/api/admin/operators/${op.id}/reset-password`)
      .set('Authorization', owner)
      .send({ password: 'support-password-2' })
      .expect(200);
    const answers = await after(op.session);
    process.stdout.write(
      `after POST /api/admin/operators/${op.id}/reset-password: GET /api/admin/auth/me ${answers.me}, POST /api/admin/auth/refresh ${answers.refresh}\n`,
    );
    expect(answers).toEqual({ me: 401, refresh: 401 });
    const rows = await sql<{ revoked_reason: string }>(
      t,
      "select revoked_reason from auth_session where kind = 'operator' and subject_id = ?",
      [op.id],
    );
    expect(rows.map((r) => r.revoked_reason)).toEqual(['password-reset']);
    // The new password logs in; the old one does not.
    await t.http.post('/api/admin/auth/login').send({ id: op.loginId, password: op.password }).expect(404);
    await logInOperator(t.http, { id: op.loginId, password: 'support-password-2' });
  });

  it('a SUPPORT operator promoted to OWNER is logged out and must enrol a second factor to come back', async () => {
    const op = await supportOperator();
    await t.http.put(`/api/admin/operators/${op.id}`).set('Authorization', owner).send({ role: 'OWNER' }).expect(200);
    const answers = await after(op.session);
    // The old session cannot make another OWNER.
    const another = await t.http
      .post('/api/admin/operators')
      .set('Authorization', `Bearer ${op.session.accessToken}`)
      .send({ loginId: `own_${Date.now().toString(36)}`, password: 'owner-password-9', role: 'OWNER' });
    const login = await t.http
      .post('/api/admin/auth/login')
      .send({ id: op.loginId, password: op.password })
      .expect(200);
    process.stdout.write(
      `after PUT /api/admin/operators/${op.id} {role: OWNER}: GET /api/admin/auth/me ${answers.me}, POST /api/admin/auth/refresh ${answers.refresh}, ` +
        `POST /api/admin/operators (role OWNER) ${another.status}; next login: ${JSON.stringify({ twoFactor: login.body.twoFactor, accessToken: login.body.accessToken })}\n`,
    );
    expect(answers).toEqual({ me: 401, refresh: 401 });
    expect(another.status).toBe(401);
    expect(login.body).toMatchObject({ twoFactor: 'enrol', message: M.enrolStep });
    expect(login.body.accessToken).toBeUndefined();
    // Saving the same role again ends nothing.
    const fresh = await logInOperator(t.http, { id: op.loginId, password: op.password });
    await t.http.put(`/api/admin/operators/${op.id}`).set('Authorization', owner).send({ role: 'OWNER' }).expect(200);
    await t.http.get('/api/admin/auth/me').set('Authorization', `Bearer ${fresh.accessToken}`).expect(200);
  });
});
