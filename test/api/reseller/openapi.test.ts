import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('GET /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

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
});
