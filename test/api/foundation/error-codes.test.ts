import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { ERROR_CODES, ORDER_ACTION_MESSAGES, ORDER_MESSAGES } from '../../../server/src/contracts/index.js';
import { Order } from '../../../server/src/modules/ordering/entities.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { createService, em, fund, placeOrder } from '../ordering/fixtures.js';
import { createReseller, v2 } from '../reseller/fixtures.js';

/** Every refusal carries a stable code beside its Korean message; API v2 keeps `{"error"}`. */
describe('refusals with codes', () => {
  let t: TestApp;
  let m: TestMember;
  let service: Service;
  beforeAll(async () => {
    t = await startTestApp();
    m = await createMember(t);
    service = await createService(t, { point: '10', min: 10, max: 1000 });
  });
  afterAll(() => t.close());

  const bearer = () => `Bearer ${m.token}`;
  /** The refusal's answer: exactly status, code and the listed message (unless `message` says otherwise). */
  const refused = (body: unknown, statusCode: number, code: keyof typeof ERROR_CODES, message?: string) =>
    expect(body).toEqual({ statusCode, code, message: message ?? ERROR_CODES[code] });

  it("a domain rule's refusal: cancelling a finished order", async () => {
    await fund(t, m.id, 10_000n);
    const id = (await placeOrder(t, m, { serviceId: service.id, link: 'https://instagram.com/p/codes', amount: 10 }))
      .body.orderId as number;
    await em(t).nativeUpdate(Order, { id }, { status: OrderStatus.COMPLETED });
    const res = await t.http.post(`/api/service/order/${id}/cancel`).set('Authorization', bearer()).expect(409);
    refused(res.body, 409, 'ORDER_NOT_CANCELABLE');
    expect(res.body.message).toBe(ORDER_ACTION_MESSAGES.notCancelable);
  });

  it("the shared form's refusals: below the minimum, points short", async () => {
    const low = await placeOrder(t, m, { serviceId: service.id, link: 'https://instagram.com/p/low', amount: 1 });
    refused(low.body, 400, 'ORDER_AMOUNT_BELOW_MIN');
    expect(low.body.message).toBe(ORDER_MESSAGES.amountBelowMin);
    const poor = await createMember(t);
    const short = await placeOrder(t, poor, {
      serviceId: service.id,
      link: 'https://instagram.com/p/poor',
      amount: 10,
    });
    expect(short.body).toMatchObject({ code: 'ORDER_INSUFFICIENT_POINTS', message: ORDER_MESSAGES.insufficientPoints });
  });

  it('the kernel: no token, unknown address, bad JSON, a control character, a wrong password', async () => {
    const anonymous = await t.http.get('/api/service/order-history').expect(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    refused((await t.http.get('/api/nowhere').expect(404)).body, 404, 'NOT_FOUND');
    const json = await t.http
      .post('/api/service/order')
      .set('Authorization', bearer())
      .set('Content-Type', 'application/json')
      .send('{"serviceId":')
      .expect(400);
    refused(json.body, 400, 'INVALID_JSON_BODY');
    const control = await placeOrder(t, m, {
      serviceId: service.id,
      link: 'https://instagram.com/p/\u0000',
      amount: 10,
    });
    refused(control.body, 400, 'CONTROL_CHARACTERS');
    const login = await t.http.post('/api/auth/login').send({ id: m.loginId, password: 'not-the-password' });
    expect(login.body).toMatchObject({ code: 'LOGIN_FAILED', message: ERROR_CODES.LOGIN_FAILED });
  });

  it('every code answered is listed with the message it was answered with, or is a generic one', async () => {
    const generic = new Set(['BAD_REQUEST', 'INVALID_INPUT', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT']);
    const answers = [
      await t.http.post('/api/service/order').set('Authorization', bearer()).send({}),
      await t.http.get('/api/admin/members').set('Authorization', bearer()),
      await t.http.post('/api/service/order/999999/cancel').set('Authorization', bearer()),
    ];
    for (const { body } of answers) {
      expect(Object.keys(ERROR_CODES)).toContain(body.code);
      if (!generic.has(body.code)) expect(body.message).toBe(ERROR_CODES[body.code as keyof typeof ERROR_CODES]);
    }
  });

  it('API v2 keeps its {"error"} answer', async () => {
    const reseller = await createReseller(t);
    const res = await v2(t, { key: reseller.apiKey, action: 'status', order: '999999' }).expect(200);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
