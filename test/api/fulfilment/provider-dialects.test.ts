import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { FakeProvider, type FakeAnswer } from '../../support/fake-provider.js';
import { OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { OrderSender, OrderSync, SYNC_SPACING_MS } from '../../../server/src/modules/fulfilment/index.js';
// The client itself, for the services rows (no app needed to read a list).
import { SmmClient } from '../../../server/src/modules/fulfilment/application/smm-client.js';
import { ProviderAddressGuard } from '../../../server/src/modules/fulfilment/application/provider-address.js';
import type { AppConfig } from '../../../server/src/config/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { ledgerOf } from '../ordering/fixtures.js';
import { addProvider, createService, fund, ordersById, placeOrders } from './helpers.js';

/**
 * One row per dialect upstream panels answer in, against the loopback fake provider: each row places
 * orders of 100 at 7 won (700 won debited), lets the sender place them (with the row's `add` answer)
 * and the sync poll them (with the row's `status` answer), then checks what each order became, whether
 * it is flagged [확인 필요] for an operator, and its member's ledger. The ledger invariant holds after all.
 */

type Outcome = 'moves on' | 'retried with backoff' | 'held [확인 필요]' | 'asked again at the next poll';

interface Expected {
  status: OrderStatus;
  outcome: Outcome;
  remains?: number | null;
  startCount?: number | null;
  /** The member's ledger after the row, oldest first ("ORDER -700", "REFUND 231"). */
  ledger: string[];
}

interface ProviderRow {
  dialect: string;
  /** The `add` answer; the panel's usual one when absent. */
  add?: FakeAnswer;
  /** The `status` answer for the provider ids of the row's orders; none: the row stops after sending. */
  status?: (ids: string[]) => FakeAnswer;
  /** One per order the row places. */
  expected: Expected[];
}

const PLACED = 'ORDER -700';
const one = (entry: Record<string, unknown>) => (ids: string[]) => ({ body: { [ids[0]!]: entry } });
const moved = (status: OrderStatus, extra: Partial<Expected> = {}): Expected => ({
  status,
  outcome: 'moves on',
  ledger: [PLACED],
  ...extra,
});
const refunded = (status: OrderStatus, refund: number, extra: Partial<Expected> = {}): Expected => ({
  status,
  outcome: 'moves on',
  ledger: [PLACED, `REFUND ${refund}`],
  ...extra,
});
const unchanged = (outcome: Outcome): Expected => ({ status: OrderStatus.PROCESSING, outcome, ledger: [PLACED] });
const pending = (outcome: Outcome): Expected => ({ status: OrderStatus.PENDING, outcome, ledger: [PLACED] });
const state = (status: string, figures: Record<string, unknown> = {}) =>
  one({ charge: '0.63', start_count: '120', status, remains: '40', currency: 'USD', ...figures });

const rows: ProviderRow[] = [
  // add
  {
    dialect: 'add answers {"order": 1001} (a number)',
    add: { body: { order: 1001 } },
    expected: [moved(OrderStatus.PROCESSING)],
  },
  {
    dialect: 'add answers {"order": "1002"} (a string)',
    add: { body: { order: '1002' } },
    expected: [moved(OrderStatus.PROCESSING)],
  },
  {
    dialect: 'add answers JSON with a BOM',
    add: { raw: '\uFEFF{"order": 1003}\n', contentType: 'application/json' },
    expected: [moved(OrderStatus.PROCESSING)],
  },
  {
    dialect: 'add answers {"error"} with HTTP 200',
    add: { body: { error: 'Not enough funds on balance' } },
    expected: [pending('retried with backoff')],
  },
  {
    dialect: 'add answers {"error"} with HTTP 400',
    add: { status: 400, body: { error: 'Incorrect service ID' } },
    expected: [pending('retried with backoff')],
  },
  {
    dialect: 'add answers {"error"} with HTTP 500',
    add: { status: 500, body: { error: 'Server error' } },
    expected: [pending('held [확인 필요]')],
  },
  {
    dialect: 'add answers an HTML 502 page',
    add: { status: 502, raw: '<html><body><h1>502 Bad Gateway</h1></body></html>' },
    expected: [pending('held [확인 필요]')],
  },
  {
    dialect: 'add answers an HTML 404 page',
    add: { status: 404, raw: '<html><h1>Not Found</h1></html>' },
    expected: [pending('retried with backoff')],
  },
  {
    dialect: 'add answers an empty body (HTTP 200)',
    add: { raw: '', contentType: 'application/json' },
    expected: [pending('held [확인 필요]')],
  },
  { dialect: 'add answers {} (no order id)', add: { body: {} }, expected: [pending('held [확인 필요]')] },
  // status spellings
  { dialect: 'status Pending', status: state('Pending'), expected: [moved(OrderStatus.PROCESSING)] },
  { dialect: 'status Processing', status: state('Processing'), expected: [moved(OrderStatus.PROCESSING)] },
  {
    dialect: 'status In progress',
    status: state('In progress'),
    expected: [moved(OrderStatus.INPROGRESS, { remains: 40, startCount: 120 })],
  },
  {
    dialect: 'status Inprogress',
    status: state('Inprogress'),
    expected: [moved(OrderStatus.INPROGRESS, { remains: 40 })],
  },
  {
    dialect: 'status In Progress',
    status: state('In Progress'),
    expected: [moved(OrderStatus.INPROGRESS, { remains: 40 })],
  },
  {
    dialect: 'status Completed, figures as numbers',
    status: one({ charge: 0.63, start_count: 120, status: 'Completed', remains: 0, currency: 'USD' }),
    expected: [moved(OrderStatus.COMPLETED, { remains: 0, startCount: 120 })],
  },
  {
    dialect: 'status Partial (remains "33")',
    status: state('Partial', { remains: '33' }),
    expected: [refunded(OrderStatus.PARTIAL, 231, { remains: 33 })],
  },
  {
    dialect: 'status Canceled',
    status: state('Canceled', { remains: '100' }),
    expected: [refunded(OrderStatus.CANCELED, 700)],
  },
  { dialect: 'status Cancelled', status: state('Cancelled'), expected: [refunded(OrderStatus.CANCELED, 700)] },
  { dialect: 'status Refunded', status: state('Refunded'), expected: [refunded(OrderStatus.CANCELED, 700)] },
  { dialect: 'status Fail', status: state('Fail'), expected: [refunded(OrderStatus.CANCELED, 700)] },
  { dialect: 'status Failed', status: state('Failed'), expected: [refunded(OrderStatus.CANCELED, 700)] },
  { dialect: 'status Error', status: state('Error'), expected: [unchanged('held [확인 필요]')] },
  { dialect: 'status unknown ("Stuck")', status: state('Stuck'), expected: [unchanged('held [확인 필요]')] },
  // figures
  {
    dialect: 'remains negative (over-delivery: "-15")',
    status: state('Completed', { remains: '-15' }),
    expected: [moved(OrderStatus.COMPLETED, { remains: 0 })],
  },
  {
    dialect: 'remains above the quantity (Partial, "5000" of 100)',
    status: state('Partial', { remains: '5000' }),
    expected: [refunded(OrderStatus.PARTIAL, 700, { remains: 100 })],
  },
  {
    dialect: 'remains above the quantity while running ("250" of 100)',
    status: state('In progress', { remains: '250' }),
    expected: [moved(OrderStatus.INPROGRESS, { remains: 100 })],
  },
  {
    dialect: 'no start_count',
    status: one({ charge: '0.63', status: 'In progress', remains: '40', currency: 'USD' }),
    expected: [moved(OrderStatus.INPROGRESS, { startCount: null, remains: 40 })],
  },
  // whole answers
  {
    dialect: 'status answers {"error"} with HTTP 200',
    status: () => ({ body: { error: 'Invalid API key' } }),
    expected: [unchanged('asked again at the next poll')],
  },
  {
    dialect: 'status answers {"error"} with HTTP 403',
    status: () => ({ status: 403, body: { error: 'Forbidden' } }),
    expected: [unchanged('asked again at the next poll')],
  },
  {
    dialect: 'status answers {"error"} with HTTP 500',
    status: () => ({ status: 500, body: { error: 'Server error' } }),
    expected: [unchanged('asked again at the next poll')],
  },
  {
    dialect: 'status answers an HTML 503 page',
    status: () => ({ status: 503, raw: '<html><h1>503 Service Unavailable</h1></html>' }),
    expected: [unchanged('asked again at the next poll')],
  },
  {
    dialect: 'status answers an empty body',
    status: () => ({ raw: '', contentType: 'application/json' }),
    expected: [unchanged('asked again at the next poll')],
  },
  {
    dialect: 'status answers JSON with a BOM',
    status: (ids) => ({
      raw: `\uFEFF${JSON.stringify({ [ids[0]!]: { status: 'Completed', remains: '0' } })}`,
      contentType: 'application/json',
    }),
    expected: [moved(OrderStatus.COMPLETED)],
  },
  {
    dialect: 'status answers a list of {order, ...}',
    status: (ids) => ({ body: [{ order: Number(ids[0]), status: 'Completed', remains: 0 }] }),
    expected: [moved(OrderStatus.COMPLETED)],
  },
  // multi-status
  {
    dialect: 'multi-status omits an id',
    status: (ids) => ({ body: { [ids[0]!]: { status: 'Completed', remains: '0' } } }),
    expected: [moved(OrderStatus.COMPLETED), unchanged('asked again at the next poll')],
  },
  {
    dialect: 'multi-status answers {"error": "Incorrect order ID"} for one id',
    status: (ids) => ({
      body: { [ids[0]!]: { status: 'Completed', remains: '0' }, [ids[1]!]: { error: 'Incorrect order ID' } },
    }),
    expected: [moved(OrderStatus.COMPLETED), unchanged('held [확인 필요]')],
  },
];

describe('upstream provider dialects (one row each, against the loopback fake provider)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let serviceId: number;

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start();
    const providerId = await addProvider(t, fake);
    serviceId = (await createService(t, { providerId, providerServiceId: '1', point: '7' })).id;
  });
  afterEach(() => fake.clearScripts());
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  const describeRow = (row: ProviderRow) =>
    row.expected.map((e) => `${e.status} (${e.outcome}; ledger ${e.ledger.join(', ')})`).join(' / ');

  it.each(rows.map((row) => [row.dialect, describeRow(row), row] as const))(
    '%s → %s',
    async (_dialect, _summary, row) => {
      const member = await createMember(t);
      await fund(t, member.id, 10_000n);
      const ids = await placeOrders(t, member.id, serviceId, row.expected.length);
      // Only this row's orders get the row's answer (earlier rows' retries may be due again meanwhile).
      const add = row.add;
      if (add) fake.on('add', (params) => (params.link?.includes(`/p/${member.id}-`) ? add : undefined));
      const sentAt = Date.now();
      await t.app.get(OrderSender).runOnce(100);
      if (row.status) {
        const providerIds = [...(await ordersById(t, ids)).values()]
          .sort((a, b) => a.id - b.id)
          .map((o) => o.providerOrderId!);
        fake.on('status', () => row.status!(providerIds), 1);
        await t.app.get(OrderSync).runOnce();
      }
      const orders = await ordersById(t, ids);
      row.expected.forEach((expected, i) => {
        const order = orders.get(ids[i]!)!;
        expect(order.status).toBe(expected.status);
        const flagged = order.lastError?.startsWith('[확인 필요]') ?? false;
        if (expected.outcome === 'held [확인 필요]') {
          expect(flagged).toBe(true);
          // Held before the send's outcome is known, or flagged while running: the status says which.
          expect(order.dispatchStatus).toBe(order.providerOrderId === null ? 'UNCERTAIN' : 'FLAGGED');
          // Held: never sent again by itself.
          expect(order.nextDispatchAt).toBeNull();
        } else expect(flagged).toBe(false);
        if (expected.outcome === 'retried with backoff') {
          expect(order.dispatchAttempts).toBe(1);
          expect(order.nextDispatchAt!.getTime()).toBeGreaterThan(sentAt);
        }
        if (expected.outcome === 'moves on' || expected.outcome === 'asked again at the next poll')
          expect(order.providerOrderId).not.toBeNull();
        if (expected.remains !== undefined) expect(order.remains).toBe(expected.remains);
        if (expected.startCount !== undefined) expect(order.startCount).toBe(expected.startCount);
      });
      const ledger = (await ledgerOf(t, member.id))
        .filter((e) => e.kind !== 'CHARGE')
        .map((e) => `${e.kind} ${e.amount}`);
      expect(ledger.sort()).toEqual(row.expected.flatMap((e) => e.ledger).sort());
    },
  );

  it('an order flagged for an unknown status moves on once the provider reports a known one', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 10_000n);
    const [id] = await placeOrders(t, member.id, serviceId, 1);
    await t.app.get(OrderSender).runOnce(100);
    const providerId = (await ordersById(t, [id!])).get(id!)!.providerOrderId!;
    fake.setOrder(providerId, { status: 'On hold' });
    await t.app.get(OrderSync).runOnce();
    expect((await ordersById(t, [id!])).get(id!)).toMatchObject({
      status: OrderStatus.PROCESSING,
      dispatchStatus: 'FLAGGED',
      lastError: expect.stringContaining('On hold'),
    });
    const flagged = await t.http
      .get(`/api/admin/orders?filter=${encodeURIComponent(JSON.stringify({ needsCheck: true }))}`)
      .set('Authorization', `Bearer ${await t.operatorToken()}`)
      .expect(200);
    expect(flagged.body.map((o: { id: number }) => o.id)).toContain(id);
    fake.setOrder(providerId, { status: 'Completed', remains: 0 });
    t.app.get(Clock).travel(SYNC_SPACING_MS + 1000);
    await t.app.get(OrderSync).runOnce();
    // The status that moved it settled the flag (FLAGGED → SENT), and the end finished the record.
    expect((await ordersById(t, [id!])).get(id!)).toMatchObject({
      status: OrderStatus.COMPLETED,
      dispatchStatus: 'FINISHED',
      lastError: null,
    });
  });

  it('keeps every balance equal to its ledger after all rows', async () => {
    expect(await t.app.get(WalletFacade).invariantViolations()).toEqual([]);
  });
});

describe('upstream services lists as panels write them', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await FakeProvider.start({
      services: [
        {
          service: 1,
          name: 'Thousands',
          type: 'Default',
          category: 'A',
          rate: '1,234.50',
          min: '10',
          max: '1,000,000',
          refill: 'true',
          cancel: '1',
          dripfeed: '0',
        },
        {
          service: '2',
          name: 'Decimals',
          type: 'Custom Comments',
          category: 'A',
          rate: '0.123456789',
          min: 1,
          max: 500,
          refill: '1',
          cancel: 'false',
          dripfeed: 'true',
        },
        {
          service: 3,
          name: 'Numbers',
          type: 'Default',
          category: 'A',
          rate: 2.5,
          min: 100,
          max: 5000,
          refill: false,
          cancel: true,
          dripfeed: 1,
        },
      ],
    });
  });
  afterAll(() => fake.close());

  it.each([
    [
      '1',
      'rate with thousands separators, flags as strings',
      { rate: '1234.5', max: 1_000_000, refill: true, cancel: true, dripfeed: false },
    ],
    [
      '2',
      'rate with more decimals, type Custom Comments, flags "1"/"false"/"true"',
      { rate: '0.123456789', type: 'Custom Comments', refill: true, cancel: false, dripfeed: true },
    ],
    [
      '3',
      'figures and flags as JSON numbers and booleans',
      { rate: '2.5', min: 100, refill: false, cancel: true, dripfeed: true },
    ],
  ])('service %s: %s', async (id, _dialect, expected) => {
    const { services, malformed } = await new SmmClient(
      new ProviderAddressGuard({ env: { ALLOW_PRIVATE_PROVIDER_URLS: true, PORT: 0 } } as unknown as AppConfig),
    ).services({ apiUrl: fake.url, apiKey: fake.key, timeoutMs: 2000 });
    expect(malformed).toBe(0);
    expect(services.find((s) => s.id === id)).toMatchObject(expected);
  });
});
