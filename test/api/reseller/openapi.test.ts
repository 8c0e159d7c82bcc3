import { ERROR_CODES, ERRORS } from '../../../server/src/contracts/error-codes.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('describes the reseller webhooks: each event, its signature headers and its data', async () => {
    const doc = (await t.http.get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'balance.changed',
      'order.updated',
      'refill.updated',
      'service.updated',
      'subscription.updated',
      'webhook.test',
    ]);
    const order = doc.webhooks['order.updated'].post;
    expect(order.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const data = order.requestBody.content['application/json'].schema.properties.data;
    expect(Object.keys(data.properties).sort()).toEqual([
      'charge',
      'currency',
      'order',
      'remains',
      'start_count',
      'status',
    ]);
  });

  it('describes v1 and v2 in OpenAPI 3.1, from the schemas the server validates with', async () => {
    const res = await t.http.get('/api/openapi.json').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/order',
      '/api/v1/services',
      '/api/v1/status/{wId}',
      '/api/v2',
    ]);
    expect(Object.keys(doc.paths['/api/v2']).sort()).toEqual(['get', 'post']);
    const schemas = doc.components.schemas;
    // Every v2 action has its request and answer, and the common error.
    for (const action of ['services', 'add', 'status', 'balance', 'refill', 'refill_status', 'cancel']) {
      expect(schemas[`v2_${action}_request`].properties.action).toEqual({ type: 'string', const: action });
      expect(schemas[`v2_${action}_answer`]).toBeDefined();
    }
    expect(schemas.v2_error).toMatchObject({ type: 'object', required: ['error'], additionalProperties: false });
    // The add request as accepted: numbers as integers or digit strings, the order types' fields.
    const add = schemas.v2_add_request.properties;
    expect(add.quantity.anyOf).toEqual([
      expect.objectContaining({ type: 'integer' }),
      expect.objectContaining({ type: 'string', pattern: '^\\d{1,10}$' }),
    ]);
    expect(Object.keys(add)).toEqual(
      expect.arrayContaining([
        'service',
        'link',
        'quantity',
        'runs',
        'interval',
        'comments',
        'usernames',
        'username',
        'min',
        'max',
        'posts',
        'delay',
        'expiry',
      ]),
    );
    expect(schemas.v2_status_answer.anyOf[0].properties.status.enum).toEqual([
      'Pending',
      'Processing',
      'In progress',
      'Completed',
      'Partial',
      'Canceled',
    ]);
    // v1's order body is the storefront's order request.
    const v1 = doc.paths['/api/v1/order'].post.requestBody.content['application/json'].schema;
    expect(v1.required.sort()).toEqual(['amount', 'link', 'serviceId']);
    expect(v1.properties.link).toMatchObject({ type: 'string', maxLength: 1000 });
    expect(doc.paths['/api/v2'].post.responses['429']).toBeDefined();
  });

  it('lists every refusal code with its Korean message, and v1 refusals carry one', async () => {
    const { body: doc } = await t.http.get('/api/openapi.json').expect(200);
    const codes = doc.components.schemas.error_code;
    expect(codes.enum).toEqual(Object.keys(ERROR_CODES));
    expect(codes['x-enum-descriptions']).toEqual(Object.values(ERROR_CODES));
    expect(codes['x-enum-statuses']).toEqual(Object.values(ERRORS).map((refusal) => refusal.status));
    expect(codes['x-enum-statuses'][codes.enum.indexOf('ORDER_NOT_CANCELABLE')]).toBe(409);
    expect(codes.enum).toEqual(expect.arrayContaining(['ORDER_NOT_CANCELABLE', 'INVALID_INPUT', 'NOT_FOUND']));
    expect(codes['x-enum-descriptions'][codes.enum.indexOf('ORDER_NOT_CANCELABLE')]).toBe(
      '이미 처리 중이거나 끝난 주문은 취소할 수 없습니다.',
    );
    expect(doc.components.schemas.error.required).toEqual(['statusCode', 'code', 'message']);
    expect(doc.paths['/api/v1/order'].post.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/error',
    });
  });
});
