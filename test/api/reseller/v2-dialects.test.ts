import type { Response } from 'supertest';
import { startReplica, startTestApp, type TestApp } from '../../support/test-app.js';
import { ORDER_MESSAGES } from '../../../server/src/contracts/index.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { AutoOrder, Order } from '../../../server/src/modules/ordering/entities.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';
import { V2_ANSWERS, v2ErrorAnswer } from '../../../server/src/modules/reseller-api/application/v2-answers.js';
import type { V2Action } from '../../../server/src/modules/reseller-api/application/v2-requests.js';
import { createReseller, createService, em, invariantViolations, report, type Reseller } from './fixtures.js';

/**
 * One row per dialect resellers' tools speak (request as sent → answer), each a real HTTP request
 * against the app. Every answer must be exactly `application/json`, and must fit the published
 * contract (application/v2-requests.ts and v2-answers.ts, the source of /api/openapi.json): an error answer carries nothing but
 * `error`, a success never an `error`.
 */

interface Ctx {
  t: TestApp;
  m: Reseller;
  service: Service;
  /** A Custom Comments service: `comments` are its quantity. */
  comments: Service;
  /** Orders placed for the status rows: pending, completed. */
  pending: number;
  completed: number;
  /** Set by a row that places an order, for its expectation. */
  placed?: number;
}

type Row = [
  dialect: string,
  action: V2Action | null,
  send: (c: Ctx) => PromiseLike<Response>,
  expected: (c: Ctx) => unknown,
  status?: number,
];

const form = (c: Ctx, body: string, path = '/api/v2') =>
  c.t.http.post(path).set('Content-Type', 'application/x-www-form-urlencoded').send(body);
const json = (c: Ctx, body: Record<string, unknown>) => c.t.http.post('/api/v2').send(body);
const key = (c: Ctx) => encodeURIComponent(c.m.apiKey);
const link = encodeURIComponent('https://instagram.com/p/dialect');
const BALANCE = { balance: expect.stringMatching(/^\d+$/), currency: 'KRW' };
const status = (s: string, extra: Record<string, unknown> = {}) => ({
  charge: expect.stringMatching(/^\d+$/),
  start_count: expect.any(String),
  status: s,
  remains: expect.any(String),
  currency: 'KRW',
  ...extra,
});
const INCORRECT_ORDER = { error: 'Incorrect order ID' };
/** A fresh pending order of the row's member. */
const pendingOrder = async (c: Ctx) =>
  (c.placed = (
    await json(c, {
      key: c.m.apiKey,
      action: 'add',
      service: c.service.id,
      link: 'https://instagram.com/p/x',
      quantity: 10,
    })
  ).body.order as number);

const rows: Row[] = [
  // Where the call comes in.
  ['POST /api/v2, urlencoded form', 'balance', (c) => form(c, `key=${key(c)}&action=balance`), () => BALANCE],
  [
    'POST /api/v2/ (trailing slash)',
    'balance',
    (c) => form(c, `key=${key(c)}&action=balance`, '/api/v2/'),
    () => BALANCE,
  ],
  [
    'POST /api/v2/ (trailing slash), JSON body',
    'balance',
    (c) => c.t.http.post('/api/v2/').send({ key: c.m.apiKey, action: 'balance' }),
    () => BALANCE,
  ],
  [
    'POST /api/v2/ (trailing slash), multipart',
    'balance',
    (c) => c.t.http.post('/api/v2/').field('api_key', c.m.apiKey).field('action', 'balance'),
    () => BALANCE,
  ],
  [
    'a malformed JSON body on /api/v2/',
    null,
    (c) => c.t.http.post('/api/v2/').set('Content-Type', 'application/json').send('{"key": '),
    () => ({ error: expect.stringContaining('JSON') }),
  ],
  ['GET /api/v2?key=…&action=…', 'balance', (c) => c.t.http.get(`/api/v2?key=${key(c)}&action=balance`), () => BALANCE],
  [
    'GET /api/v2/?key=…&action=… (trailing slash)',
    'balance',
    (c) => c.t.http.get(`/api/v2/?key=${key(c)}&action=balance`),
    () => BALANCE,
  ],
  [
    'POST with every field in the query string, no body',
    'balance',
    (c) => c.t.http.post(`/api/v2?key=${key(c)}&action=balance`),
    () => BALANCE,
  ],
  [
    'POST multipart/form-data',
    'balance',
    (c) => c.t.http.post('/api/v2').field('key', c.m.apiKey).field('action', 'balance'),
    () => BALANCE,
  ],
  ['POST JSON body', 'balance', (c) => json(c, { key: c.m.apiKey, action: 'balance' }), () => BALANCE],
  [
    'the body wins over the query string (wrong key and action in the query)',
    'balance',
    (c) =>
      c.t.http
        .post('/api/v2?key=wrong&action=services')
        .type('form')
        .send(`key=${key(c)}&action=balance`),
    () => BALANCE,
  ],
  [
    'unknown fields are ignored',
    'balance',
    (c) => form(c, `key=${key(c)}&action=balance&format=json&lang=en&currency=USD`),
    () => BALANCE,
  ],
  // The key.
  ['key in an api_key field', 'balance', (c) => form(c, `api_key=${key(c)}&action=balance`), () => BALANCE],
  ['key in an api field', 'balance', (c) => form(c, `api=${key(c)}&action=balance`), () => BALANCE],
  [
    'key in an X-Api-Key header',
    'balance',
    (c) => form(c, 'action=balance').set('X-Api-Key', c.m.apiKey),
    () => BALANCE,
  ],
  [
    'key as a Bearer token',
    'balance',
    (c) => form(c, 'action=balance').set('Authorization', `Bearer ${c.m.apiKey}`),
    () => BALANCE,
  ],
  ['no key anywhere', null, (c) => form(c, 'action=balance'), () => ({ error: 'Invalid API key' })],
  [
    'a wrong key in the header',
    null,
    (c) => form(c, 'action=balance').set('X-Api-Key', 'f'.repeat(40)),
    () => ({ error: 'Invalid API key' }),
  ],
  // The action.
  ['action in upper case', 'balance', (c) => form(c, `key=${key(c)}&action=BALANCE`), () => BALANCE],
  [
    'action in mixed case with spaces',
    'status',
    (c) => form(c, `key=${key(c)}&action=%20Status%20&order=${c.pending}`),
    () => status('Pending'),
  ],
  ['no action', null, (c) => form(c, `key=${key(c)}`), () => ({ error: 'Incorrect request' })],
  ['an unknown action', null, (c) => form(c, `key=${key(c)}&action=orders`), () => ({ error: 'Incorrect request' })],
  // add: numbers and absent words.
  [
    'add with numbers as strings',
    'add',
    (c) => form(c, `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=%20100%20`),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with numbers as JSON numbers',
    'add',
    (c) =>
      json(c, {
        key: c.m.apiKey,
        action: 'add',
        service: c.service.id,
        link: 'https://instagram.com/p/j',
        quantity: 100,
      }),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with runs=undefined&interval=undefined is a plain order',
    'add',
    (c) =>
      form(
        c,
        `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=100&runs=undefined&interval=undefined`,
      ),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with runs=null&interval=null is a plain order',
    'add',
    (c) =>
      form(c, `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=100&runs=null&interval=null`),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with runs=0&interval=0 is a plain order',
    'add',
    (c) => form(c, `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=100&runs=0&interval=0`),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with runs=&interval= (empty) is a plain order',
    'add',
    (c) =>
      form(
        c,
        `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=100&runs=&interval=&comments=&username=`,
      ),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with JSON nulls is a plain order',
    'add',
    (c) =>
      json(c, {
        key: c.m.apiKey,
        action: 'add',
        service: String(c.service.id),
        link: 'https://instagram.com/p/n',
        quantity: '100',
        runs: null,
        interval: null,
        comments: null,
      }),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add with comments split on \\n and \\r\\n: their line count is the quantity',
    'add',
    (c) =>
      form(
        c,
        `key=${key(c)}&action=add&service=${c.comments.id}&link=${link}&comments=${encodeURIComponent('좋아요\r\n멋져요\nnice\n')}`,
      ),
    () => ({ order: expect.any(Number) }),
  ],
  [
    'add of a drip-feed (runs, interval as strings)',
    'add',
    (c) => form(c, `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=100&runs=3&interval=60`),
    () => ({ order: expect.any(Number), auto_order: expect.any(Number) }),
  ],
  [
    'add with a subscription expiry that is no d/m/Y date',
    null,
    (c) =>
      form(
        c,
        `key=${key(c)}&action=add&service=${c.service.id}&username=someone&min=10&max=20&posts=0&expiry=31%2F02%2F2027`,
      ),
    () => ({ error: '만료일(expiry)은 일/월/연도(d/m/Y) 형식의 올바른 날짜로 입력해 주세요.' }),
  ],
  [
    'add with a fractional quantity',
    null,
    (c) => form(c, `key=${key(c)}&action=add&service=${c.service.id}&link=${link}&quantity=10.5`),
    () => ({ error: ORDER_MESSAGES.amountRequired }),
  ],
  // status and its lists.
  [
    'status of one order, id as a string',
    'status',
    (c) => form(c, `key=${key(c)}&action=status&order=${c.pending}`),
    () => status('Pending'),
  ],
  [
    'status of one order, id as a JSON number',
    'status',
    (c) => json(c, { key: c.m.apiKey, action: 'status', order: c.completed }),
    () => status('Completed', { remains: '0' }),
  ],
  [
    'orders with spaces and a trailing comma',
    'status',
    (c) => form(c, `key=${key(c)}&action=status&orders=${encodeURIComponent(` ${c.pending}, ${c.completed},`)}`),
    (c) => ({ [c.pending]: status('Pending'), [c.completed]: status('Completed') }),
  ],
  [
    'orders[]=1&orders[]=2 (PHP array form)',
    'status',
    (c) => form(c, `key=${key(c)}&action=status&orders[]=${c.pending}&orders[]=${c.completed}`),
    (c) => ({ [c.pending]: status('Pending'), [c.completed]: status('Completed') }),
  ],
  [
    'orders[0]=1&orders[1]=2 (indexed array form)',
    'status',
    (c) => form(c, `key=${key(c)}&action=status&orders%5B0%5D=${c.pending}&orders%5B1%5D=${c.completed}`),
    (c) => ({ [c.pending]: status('Pending'), [c.completed]: status('Completed') }),
  ],
  [
    'orders as a JSON array of numbers and strings',
    'status',
    (c) => json(c, { key: c.m.apiKey, action: 'status', orders: [c.pending, String(c.completed)] }),
    (c) => ({ [c.pending]: status('Pending'), [c.completed]: status('Completed') }),
  ],
  [
    'a batch answers a per-id error for the ids that fail',
    'status',
    (c) => form(c, `key=${key(c)}&action=status&orders=${c.pending},abc,2000000000`),
    (c) => ({ [c.pending]: status('Pending'), abc: INCORRECT_ORDER, '2000000000': INCORRECT_ORDER }),
  ],
  [
    '101 ids are refused',
    null,
    (c) => form(c, `key=${key(c)}&action=status&orders=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`),
    () => ({ error: 'At most 100 ids per request' }),
  ],
  [
    'a drip-feed’s status: the charge of all its runs and their progress',
    'status',
    async (c) => form(c, `key=${key(c)}&action=status&order=${c.placed}`),
    () => status('Pending', { charge: '750', remains: '300', runs: '3', runs_done: '0' }),
  ],
  // cancel, refill, refill_status take singular and plural fields alike.
  [
    'cancel with order',
    'cancel',
    async (c) => form(c, `key=${key(c)}&action=cancel&order=${await pendingOrder(c)}`),
    () => ({ cancel: 1 }),
  ],
  [
    'cancel with orders (one id)',
    'cancel',
    async (c) => form(c, `key=${key(c)}&action=cancel&orders=${await pendingOrder(c)}`),
    (c) => [{ order: c.placed, cancel: 1 }],
  ],
  [
    'cancel with orders[]= and a bad id',
    'cancel',
    async (c) => form(c, `key=${key(c)}&action=cancel&orders[]=${await pendingOrder(c)}&orders[]=x`),
    (c) => [
      { order: c.placed, cancel: 1 },
      { order: 'x', cancel: INCORRECT_ORDER },
    ],
  ],
  [
    'refill with orders',
    'refill',
    (c) => form(c, `key=${key(c)}&action=refill&orders=${c.pending}`),
    (c) => [{ order: c.pending, refill: { error: '리필을 제공하지 않는 상품입니다.' } }],
  ],
  [
    'refill_status with refill',
    null,
    (c) => form(c, `key=${key(c)}&action=refill_status&refill=1`),
    () => ({ error: 'Incorrect refill ID' }),
  ],
  [
    'refill_status with refills',
    'refill_status',
    (c) => form(c, `key=${key(c)}&action=refill_status&refills=1,2`),
    () => [
      { refill: 1, status: { error: 'Incorrect refill ID' } },
      { refill: 2, status: { error: 'Incorrect refill ID' } },
    ],
  ],
  [
    'services',
    'services',
    (c) => c.t.http.get(`/api/v2?key=${key(c)}&action=services`),
    (c) => expect.arrayContaining([expect.objectContaining({ service: c.service.id, dripfeed: true, rate: '2500' })]),
  ],
];

describe('SMM panel API v2: every dialect tools speak (one row each)', () => {
  const c = {} as Ctx;

  beforeAll(async () => {
    c.t = await startTestApp();
    c.service = await createService(c.t, { point: '2.5', min: 1, max: 10_000, enableAuto: true });
    c.comments = await createService(c.t, {
      point: '2.5',
      min: 1,
      max: 10_000,
      enableAuto: false,
      type: 'Custom Comments',
    });
    c.m = await createReseller(c.t, 1_000_000n);
    c.pending = await pendingOrder(c);
    c.completed = await pendingOrder(c);
    await report(c.t, c.completed, { status: OrderStatus.COMPLETED });
  });
  afterAll(() => c.t.close());

  it.each(rows)('%s', async (_dialect, action, send, expected, httpStatus = 200) => {
    const res = await send(c);
    expect(res.status).toBe(httpStatus);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual(expected(c));
    // The answer fits the published contract: an error is nothing but {error}, a success carries no error.
    if (action === null) expect(v2ErrorAnswer.safeParse(res.body).success).toBe(true);
    else expect(V2_ANSWERS[action].safeParse(res.body).error).toBeUndefined();
    if (action === 'add') c.placed = res.body.order;
  });

  it('stored what the add rows asked for', async () => {
    const orders = await em(c.t).find(Order, { memberId: c.m.id }, { orderBy: { id: 'ASC' } });
    // The comments row: three non-blank lines, so quantity 3 at 2.5 won = 8 won.
    expect(orders.filter((o) => o.amount === 3)).toEqual([expect.objectContaining({ point: 8n, autoOrderId: null })]);
    // Only the drip-feed row made an auto-order; every "absent" runs/interval made a plain order.
    expect(await em(c.t).find(AutoOrder, { memberId: c.m.id })).toEqual([
      expect.objectContaining({ runs: 3, interval: 60, amount: 100, point: 750n }),
    ]);
    expect(orders.filter((o) => o.amount === 100 && o.autoOrderId === null)).toHaveLength(7);
    expect(await invariantViolations(c.t)).toEqual([]);
  });

  it('limits a key to its rate: HTTP 429 {"error": "Too many requests"}, counted across replicas', async () => {
    // A small limit so the test sends few requests; the defaults are in the README.
    const env = { API_V2_RATE: '2', API_V2_BURST: '10' };
    const a = await startReplica(c.t, env);
    const b = await startReplica(c.t, env);
    try {
      const m = await createReseller(c.t, 0n);
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? a : b).http.post('/api/v2').type('form').send({ key: m.apiKey, action: 'balance' }),
        ),
      );
      const seconds = (Date.now() - started) / 1000;
      const ok = answers.filter((r) => r.status === 200);
      const limited = answers.filter((r) => r.status === 429);
      expect(ok.length + limited.length).toBe(40);
      // Burst 10 plus what 2/s refilled meanwhile, however the 40 were split over the two replicas.
      expect(ok.length).toBeLessThanOrEqual(10 + Math.ceil(2 * seconds) + 1);
      expect(limited.length).toBeGreaterThan(0);
      for (const r of limited) {
        expect(r.body).toEqual({ error: 'Too many requests' });
        expect(r.headers['content-type']).toBe('application/json');
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      for (const r of ok) expect(r.body).toEqual({ balance: '0', currency: 'KRW' });
      // Another key is not limited by this one's use.
      const other = await createReseller(c.t, 0n);
      expect((await a.http.post('/api/v2').type('form').send({ key: other.apiKey, action: 'balance' })).status).toBe(
        200,
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});
