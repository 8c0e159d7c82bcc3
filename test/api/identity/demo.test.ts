import { DEMO_MEMBER, loadDemoData } from '../../../server/src/database/demo/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await loadDemoData(t.app);
  });
  afterAll(() => t.close());

  it('has a demo member who logs in and has points from an ADJUST entry', async () => {
    const login = await t.http.post('/api/auth/login').send({ id: 'demo', password: 'demo1234' }).expect(200);
    const profile = await t.http
      .get('/api/auth/profile')
      .set('Authorization', `Bearer ${login.body.accessToken}`)
      .expect(200);
    expect(profile.body).toMatchObject({ id: DEMO_MEMBER.id, point: Number(DEMO_MEMBER.points) });
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });
});
