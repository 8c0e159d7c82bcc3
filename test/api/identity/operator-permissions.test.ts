import { OPERATOR_MESSAGES, OPERATOR_ROLES, type OperatorRole } from '../../../server/src/contracts/index.js';
import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';
import { operatorWithRole, registeredRoutes } from '../../support/operators.js';
import { logInOperator } from '../../support/second-factor.js';

/**
 * THE table: every /api/admin route and which roles may use it (O owner, M manager, S support, A accountant;
 * `*` anyone, no token). The test walks every route the app registered with every role and compares:
 * a route missing here, a route here the app does not have, or a route declaring no permission fails.
 */
const TABLE: Record<string, string> = {
  'GET /api/admin/point-debts': 'O--A',
  'POST /api/admin/point-debts/:id/collect': 'O--A',
  'POST /api/admin/point-debts/:id/write-off': 'O--A',
  'GET /api/admin/provider-scores': 'OM--',
  'GET /api/admin/price-changes': 'OM--',
  'POST /api/admin/price-changes/:id/apply': 'OM--',
  'POST /api/admin/price-changes/:id/dismiss': 'OM--',
  'GET /api/admin/reports/profit': 'O--A',
  'GET /api/admin/reports/profit.csv': 'O--A',
  'GET /api/admin/receipts': 'O--A',
  'GET /api/admin/receipts.csv': 'O--A',
  'GET /api/admin/receipts/totals': 'O--A',
  'GET /api/admin/receipts/:id': 'O--A',
  'POST /api/admin/receipts/:id/issue': 'O--A',
  'POST /api/admin/receipts/:id/cancel': 'O--A',
  'POST /api/admin/receipts/:id/manual': 'O--A',
  'POST /api/admin/providers/:id/sync': 'OM--',
  'DELETE /api/admin/categories/:id': 'OM--',
  'DELETE /api/admin/faqs/:id': 'OM--',
  'DELETE /api/admin/guide-images/:id': 'OM--',
  'DELETE /api/admin/member-levels/:id': 'OM--',
  'DELETE /api/admin/members/:id/rates/:serviceId': 'OM--',
  'DELETE /api/admin/notices/:id': 'OM--',
  'DELETE /api/admin/platforms/:id': 'OM--',
  'DELETE /api/admin/popups/:id': 'OM--',
  'DELETE /api/admin/providers/:id': 'OM--',
  'DELETE /api/admin/register-wheres/:id': 'OM--',
  'DELETE /api/admin/saved-replies/:id': 'OMS-',
  'DELETE /api/admin/services/:id': 'OM--',
  'GET /api/admin/alerts': 'O---',
  'GET /api/admin/alerts/:id': 'O---',
  'GET /api/admin/approvals': 'O--A',
  'GET /api/admin/approvals/:id': 'O--A',
  'GET /api/admin/audit-logs': 'O---',
  'GET /api/admin/auth/me': 'OMSA',
  'GET /api/admin/auth/sessions': 'OMSA',
  'DELETE /api/admin/auth/sessions/:id': 'OMSA',
  'POST /api/admin/auth/logout': 'OMSA',
  'POST /api/admin/auth/logout-all': 'OMSA',
  'POST /api/admin/auth/refresh': '*',
  'GET /api/admin/auth/totp': 'OMSA',
  'POST /api/admin/auth/totp/enrol': 'OMSA',
  'POST /api/admin/auth/totp/confirm': 'OMSA',
  'POST /api/admin/auth/totp/disable': 'OMSA',
  'POST /api/admin/auth/totp/recovery-codes': 'OMSA',
  'POST /api/admin/auth/totp/login': '*',
  'POST /api/admin/auth/totp/login/enrol': '*',
  'POST /api/admin/auth/totp/login/confirm': '*',
  'GET /api/admin/auto-orders': 'OMS-',
  'GET /api/admin/auto-orders/:id': 'OMS-',
  'GET /api/admin/categories': 'OM--',
  'GET /api/admin/categories/:id': 'OM--',
  'GET /api/admin/charges': 'O--A',
  'GET /api/admin/charges/:id': 'O--A',
  'GET /api/admin/dashboard': 'OM-A',
  'GET /api/admin/deliveries': 'O---',
  'GET /api/admin/deliveries/:id': 'O---',
  'POST /api/admin/deliveries/:id/resend': 'O---',
  'GET /api/admin/deposits': 'O--A',
  'GET /api/admin/deposits/:id': 'O--A',
  'GET /api/admin/faqs': 'OM--',
  'GET /api/admin/faqs/:id': 'OM--',
  'GET /api/admin/guide-images': 'OM--',
  'GET /api/admin/guide-images/:id': 'OM--',
  'GET /api/admin/ledger-entries': 'O--A',
  'GET /api/admin/login-attempts': 'O---',
  'GET /api/admin/member-levels': 'OM--',
  'GET /api/admin/member-levels/:id': 'OM--',
  'GET /api/admin/members': 'OMSA',
  'GET /api/admin/members/:id': 'OMSA',
  'GET /api/admin/members/:id/level': 'OMSA',
  'GET /api/admin/members/:id/rates': 'OMSA',
  'GET /api/admin/notices': 'OM--',
  'GET /api/admin/notices/:id': 'OM--',
  'GET /api/admin/operators': 'O---',
  'GET /api/admin/operators/:id': 'O---',
  'GET /api/admin/order-dispatches': 'OMS-',
  'GET /api/admin/order-dispatches/:id': 'OMS-',
  'GET /api/admin/orders': 'OMS-',
  'GET /api/admin/orders/:id': 'OMS-',
  'GET /api/admin/outbox': 'O---',
  'GET /api/admin/outbox/:id': 'O---',
  'GET /api/admin/platforms': 'OM--',
  'GET /api/admin/platforms/:id': 'OM--',
  'GET /api/admin/popups': 'OM--',
  'GET /api/admin/popups/:id': 'OM--',
  'GET /api/admin/providers': 'OM--',
  'GET /api/admin/providers/:id': 'OM--',
  'GET /api/admin/providers/:id/balance': 'OM--',
  'GET /api/admin/referrals': 'OMSA',
  'GET /api/admin/referrals/members/:id': 'OMSA',
  'GET /api/admin/referrals/totals': 'OMSA',
  'GET /api/admin/refills': 'OMS-',
  'GET /api/admin/refills/:id': 'OMS-',
  'GET /api/admin/register-wheres': 'OM--',
  'GET /api/admin/register-wheres/:id': 'OM--',
  'GET /api/admin/saved-replies': 'OMS-',
  'GET /api/admin/saved-replies/:id': 'OMS-',
  'GET /api/admin/services': 'OM--',
  'GET /api/admin/services/:id': 'OM--',
  'GET /api/admin/settings': 'O---',
  'GET /api/admin/settings/:key': 'O---',
  'GET /api/admin/subscriptions': 'OMS-',
  'GET /api/admin/subscriptions/:id': 'OMS-',
  'POST /api/admin/subscriptions/:id/resend': 'OMS-',
  'POST /api/admin/subscriptions/:id/cancel': 'OMS-',
  'GET /api/admin/tickets': 'OMS-',
  'GET /api/admin/tickets/:id': 'OMS-',
  'GET /api/admin/tickets/unread': 'OMS-',
  'GET /api/admin/wallet/invariant': 'O--A',
  'POST /api/admin/approvals/:id/approve': 'O--A',
  'POST /api/admin/approvals/:id/reject': 'O--A',
  'POST /api/admin/auth/login': '*',
  'POST /api/admin/auto-orders/:id/cancel': 'OMS-',
  'POST /api/admin/categories': 'OM--',
  'POST /api/admin/charges/:id/accept': 'O--A',
  'POST /api/admin/charges/:id/refund': 'O--A',
  'POST /api/admin/charges/:id/reject': 'O--A',
  'POST /api/admin/charges/accept': 'O--A',
  'POST /api/admin/deposits': 'O--A',
  'POST /api/admin/deposits/:id/dismiss': 'O--A',
  'POST /api/admin/deposits/:id/match': 'O--A',
  'POST /api/admin/faqs': 'OM--',
  'POST /api/admin/guide-images': 'OM--',
  'POST /api/admin/member-levels': 'OM--',
  'POST /api/admin/members/:id/adjust-points': 'O--A',
  'POST /api/admin/members/:id/reinstate': 'OM--',
  'POST /api/admin/members/:id/suspend': 'OM--',
  'POST /api/admin/notices': 'OM--',
  'POST /api/admin/operators': 'O---',
  'POST /api/admin/operators/:id/disable': 'O---',
  'POST /api/admin/operators/:id/enable': 'O---',
  'POST /api/admin/operators/:id/reset-password': 'O---',
  'POST /api/admin/orders/:id/cancel': 'OMS-',
  'POST /api/admin/orders/:id/partial': 'OM--',
  'POST /api/admin/orders/:id/resend': 'OMS-',
  'POST /api/admin/orders/:id/start-count': 'OM--',
  'POST /api/admin/orders/:id/status': 'OM--',
  'POST /api/admin/platforms': 'OM--',
  'POST /api/admin/popups': 'OM--',
  'POST /api/admin/providers': 'OM--',
  'POST /api/admin/providers/:id/import-services': 'OM--',
  'POST /api/admin/refills/:id/complete': 'OMS-',
  'POST /api/admin/refills/:id/reject': 'OMS-',
  'POST /api/admin/register-wheres': 'OM--',
  'POST /api/admin/saved-replies': 'OMS-',
  'POST /api/admin/services': 'OM--',
  'POST /api/admin/tickets/:id/assign': 'OMS-',
  'POST /api/admin/tickets/:id/close': 'OMS-',
  'POST /api/admin/tickets/:id/messages': 'OMS-',
  'POST /api/admin/tickets/:id/orders/:orderId/refill': 'OMS-',
  'POST /api/admin/uploads': 'OM--',
  'PUT /api/admin/categories/:id': 'OM--',
  'PUT /api/admin/faqs/:id': 'OM--',
  'PUT /api/admin/guide-images/:id': 'OM--',
  'PUT /api/admin/member-levels/:id': 'OM--',
  'PUT /api/admin/members/:id/level': 'OM--',
  'PUT /api/admin/members/:id/rates': 'OM--',
  'PUT /api/admin/notices/:id': 'OM--',
  'PUT /api/admin/operators/:id': 'O---',
  'PUT /api/admin/platforms/:id': 'OM--',
  'PUT /api/admin/popups/:id': 'OM--',
  'PUT /api/admin/providers/:id': 'OM--',
  'PUT /api/admin/register-wheres/:id': 'OM--',
  'PUT /api/admin/saved-replies/:id': 'OMS-',
  'PUT /api/admin/services/:id': 'OM--',
  'PUT /api/admin/settings/:key': 'O---',
  // 충전 보너스 tiers: who settles charges.
  'GET /api/admin/charge-bonuses': 'O--A',
  'GET /api/admin/charge-bonuses/:id': 'O--A',
  'POST /api/admin/charge-bonuses': 'O--A',
  'PUT /api/admin/charge-bonuses/:id': 'O--A',
  'DELETE /api/admin/charge-bonuses/:id': 'O--A',
  // 점검 모드: the switch, the message and the window saved together.
  'PUT /api/admin/settings/maintenance': 'O---',
  'GET /api/admin/service-changes': 'OM--',
  'GET /api/admin/service-changes/:id': 'OM--',
  'PUT /api/admin/service-changes/:id': 'OM--',
  // Coupons give points away: the roles that adjust points.
  'GET /api/admin/coupons': 'O--A',
  'GET /api/admin/coupons/:id': 'O--A',
  'POST /api/admin/coupons': 'O--A',
  'PUT /api/admin/coupons/:id': 'O--A',
  'POST /api/admin/coupons/:id/codes': 'O--A',
  'GET /api/admin/coupon-uses': 'O--A',
  'GET /api/admin/coupon-codes': 'O--A',
};

const LETTER: Record<OperatorRole, string> = { OWNER: 'O', MANAGER: 'M', SUPPORT: 'S', ACCOUNTANT: 'A' };
/** Routes that end the caller's session: called with a token of their own, so the walk's tokens stay valid. */
const ENDS_SESSION = new Set(['POST /api/admin/auth/logout', 'POST /api/admin/auth/logout-all']);
const concrete = (path: string) => path.replace(/:(id|orderId|serviceId)\b/g, '999999').replace(':key', 'NO_SUCH_KEY');

describe('operator roles: every /api/admin route × every role', () => {
  let t: TestApp;
  const auth = {} as Record<OperatorRole, string>;
  const logins = {} as Record<OperatorRole, { id: string; password: string }>;
  const freshAuth = async (role: OperatorRole) => {
    return `Bearer ${(await logInOperator(t.http, logins[role])).accessToken}`;
  };
  const routes = () => registeredRoutes(t).filter((r) => r.path.startsWith('/api/admin'));
  const call = (method: string, path: string, authorization?: string) => {
    const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    let request = t.http[verb](concrete(path));
    if (authorization) request = request.set('Authorization', authorization);
    return method === 'GET' || method === 'DELETE' ? request : request.send({});
  };

  beforeAll(async () => {
    t = await startTestApp();
    auth.OWNER = `Bearer ${await t.operatorToken()}`;
    logins.OWNER = TEST_OPERATOR;
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'OWNER')) {
      const operator = await operatorWithRole(t, role);
      auth[role] = operator.auth;
      logins[role] = { id: operator.loginId, password: `${operator.loginId}-password` };
    }
  }, 120_000);
  afterAll(() => t.close());

  it('finds the same routes in the app as in the table, each declaring a permission', () => {
    const found = routes();
    expect(found.filter((r) => !r.permission).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(found.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(TABLE).sort());
    console.log(`route × role table: ${found.length} routes × ${OPERATOR_ROLES.length} roles`);
  });

  it('lets each role through exactly where the table says, and refuses the rest with 403', async () => {
    const mismatches: string[] = [];
    let calls = 0;
    // The session-ending routes last: logout-all ends every session of the role, the walk's token too.
    const ends = (r: { method: string; path: string }) => ENDS_SESSION.has(`${r.method} ${r.path}`);
    for (const { method, path } of [...routes().filter((r) => !ends(r)), ...routes().filter(ends)]) {
      const allowed = TABLE[`${method} ${path}`] ?? '';
      const anonymous = await call(method, path);
      calls++;
      if (allowed === '*' ? anonymous.status === 401 : anonymous.status !== 401)
        mismatches.push(`${method} ${path} without a token: ${anonymous.status}`);
      if (allowed === '*') continue;
      for (const role of OPERATOR_ROLES) {
        const endsSession = ENDS_SESSION.has(`${method} ${path}`);
        const res = await call(method, path, endsSession ? await freshAuth(role) : auth[role]);
        calls++;
        const may = allowed.includes(LETTER[role]);
        const refused = res.status === 403 && res.body.message === OPERATOR_MESSAGES.forbidden;
        // Let through: anything but a refusal of who asks (the made-up id is then a 404, the empty body a 400), never a 500.
        if (may ? res.status === 401 || res.status === 403 || res.status >= 500 : !refused)
          mismatches.push(`${method} ${path} as ${role}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    for (const role of OPERATOR_ROLES) auth[role] = await freshAuth(role);
    console.log(`route × role walk: ${calls} requests, ${mismatches.length} mismatches`);
    expect(mismatches).toEqual([]);
  }, 900_000);

  it('answers /api/admin/auth/me with the role and what it may use', async () => {
    for (const role of OPERATOR_ROLES) {
      const me = await t.http.get('/api/admin/auth/me').set('Authorization', auth[role]).expect(200);
      expect(me.body.role).toBe(role);
      expect(me.body.permissions).toContain('self');
      expect(me.body.permissions.includes('settings')).toBe(role === 'OWNER');
    }
  });
});
