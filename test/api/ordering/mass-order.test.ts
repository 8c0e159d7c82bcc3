import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import {
  LINK_MESSAGES,
  MASS_ORDER_MESSAGES,
  massOrderUnknownService,
  ORDER_MESSAGES,
} from '../../../server/src/contracts/index.js';
import { balance, createService, fund, ledgerOf } from './fixtures.js';
import { footprint, invariantViolations } from '../reseller/fixtures.js';
import type { Service } from '../../../server/src/modules/catalog/index.js';

describe('mass order (POST /api/service/orders/mass)', () => {
  let t: TestApp;
  let likes: Service;
  let comments: Service;
  let bundle: Service;

  beforeAll(async () => {
    t = await startTestApp();
    likes = await createService(t, { point: '2.5', min: 10, max: 10_000 });
    comments = await createService(t, { point: '30', min: 1, max: 100, type: 'Custom Comments', enableAuto: false });
    bundle = await createService(t, { point: '9900', min: 1, max: 1, type: 'Package', enableAuto: false });
  });
  afterAll(() => t.close());

  const mass = (member: TestMember, orders: string, options: { preview?: boolean; key?: string } = {}) => {
    const request = t.http
      .post(`/api/service/orders/mass${options.preview ? '?preview' : ''}`)
      .set('Authorization', `Bearer ${member.token}`);
    if (options.key) request.set('Idempotency-Key', options.key);
    return request.send({ orders });
  };
  const link = (n: number) => `https://instagram.com/p/mass${n}`;

  it('previews every line with its price or its Korean error, placing nothing', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const text = [
      `${likes.id} | ${link(1)} | 100`,
      `${likes.id},${link(2)},1000`,
      `${likes.id}\t${link(3)}\t10`,
      '',
      `${comments.id} | ${link(4)} | 좋아요 | 멋져요 | 최고`,
      `${bundle.id} | ${link(5)}`,
      `${likes.id} | ${link(6)} | 5`,
      `${likes.id} | https://youtube.com/watch?v=1 | 100`,
      `999999 | ${link(8)} | 100`,
      'just some words',
      `${likes.id} | ${link(10)} | abc`,
    ].join('\n');
    const before = await footprint(t, member.id);
    const res = await mass(member, text, { preview: true }).expect(200);
    expect(res.body).toMatchObject({
      count: 5,
      errors: 5,
      total: 250 + 2500 + 25 + 90 + 9900,
      balance: 100_000,
      shortfall: 0,
      placed: false,
      replayed: false,
    });
    const lines = res.body.lines as {
      line: number;
      point: number | null;
      error: string | null;
      amount: number | null;
    }[];
    expect(lines.map((l) => [l.line, l.point, l.error])).toEqual([
      [1, 250, null],
      [2, 2500, null],
      [3, 25, null],
      [5, 90, null],
      [6, 9900, null],
      [7, null, ORDER_MESSAGES.amountBelowMin],
      [8, null, expect.stringContaining('인스타그램')],
      [9, null, ORDER_MESSAGES.serviceRequired],
      [10, null, MASS_ORDER_MESSAGES.lineFormat],
      [11, null, ORDER_MESSAGES.amountRequired],
    ]);
    expect(lines[3]!.amount).toBe(3);
    expect(lines[4]!.amount).toBe(1);
    // Placing it while lines are wrong places nothing (400, the same answer).
    const refused = await mass(member, text).expect(400);
    expect(refused.body).toMatchObject({ placed: false, errors: 5, message: MASS_ORDER_MESSAGES.hasErrors });
    expect(await footprint(t, member.id)).toEqual(before);
  });

  it('reports every error of a line beside its first one, for a line with two errors', async () => {
    const member = await createMember(t);
    const text = [
      `999999 | ${link(1)} | abc`,
      `${likes.id} | not-a-link | abc`,
      `${likes.id} | ${link(3)} | 5`,
      `${likes.id} | ${link(4)} | 100`,
    ].join('\n');
    const res = await mass(member, text, { preview: true }).expect(200);
    const lines = res.body.lines as { line: number; error: string | null; errors: string[] }[];
    console.log(lines.map((l) => `${l.line} | ${l.error} | ${JSON.stringify(l.errors)}`).join('\n'));
    expect(res.body).toMatchObject({ count: 1, errors: 3 });
    expect(lines.map((l) => [l.line, l.error, l.errors])).toEqual([
      [1, ORDER_MESSAGES.amountRequired, [massOrderUnknownService('999999'), ORDER_MESSAGES.amountRequired]],
      [2, LINK_MESSAGES.invalid, [LINK_MESSAGES.invalid, ORDER_MESSAGES.amountRequired]],
      [3, ORDER_MESSAGES.amountBelowMin, [ORDER_MESSAGES.amountBelowMin]],
      [4, null, []],
    ]);
  });

  it('places every line as its own order and ledger entry after one balance check, once per Idempotency-Key', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 10_000n);
    const text = [
      `${likes.id} | ${link(1)} | 100`,
      `${likes.id} | ${link(2)} | 200`,
      `${comments.id} | ${link(3)} | 하나 | 둘`,
    ].join('\n');
    const res = await mass(member, text, { key: 'mass-1' }).expect(200);
    expect(res.body).toMatchObject({
      placed: true,
      count: 3,
      total: 250 + 500 + 60,
      balance: 10_000 - 810,
      shortfall: 0,
    });
    const ids = (res.body.lines as { orderId: number }[]).map((l) => l.orderId);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(await balance(t, member.id)).toBe(10_000n - 810n);
    const ledger = (await ledgerOf(t, member.id)).filter((e) => e.kind === 'ORDER');
    expect(ledger.map((e) => [e.amount, e.reference_type, e.reference_id])).toEqual([
      ['-250', 'order', String(ids[0])],
      ['-500', 'order', String(ids[1])],
      ['-60', 'order', String(ids[2])],
    ]);
    const history = await t.http
      .get('/api/service/order-history')
      .set('Authorization', `Bearer ${member.token}`)
      .expect(200);
    expect((history.body as { id: number }[]).map((o) => o.id).sort()).toEqual([...ids].sort());
    expect(history.body.find((o: { id: number }) => o.id === ids[2])).toMatchObject({
      comments: '하나\n둘',
      amount: 2,
    });

    // A resubmit with the key places nothing twice and answers the first result.
    const again = await mass(member, text, { key: 'mass-1' }).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toMatchObject({ placed: true, replayed: true, total: 810 });
    expect((again.body.lines as { orderId: number }[]).map((l) => l.orderId)).toEqual(ids);
    expect(await balance(t, member.id)).toBe(10_000n - 810n);
    // Another text under the same key is refused.
    const other = await mass(member, `${likes.id} | ${link(9)} | 100`, { key: 'mass-1' }).expect(422);
    expect(other.body.message).toBe(ORDER_MESSAGES.idempotencyMismatch);
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('places nothing when the balance cannot cover all lines, and shows the shortfall', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 700n);
    const text = [`${likes.id} | ${link(1)} | 200`, `${likes.id} | ${link(2)} | 200`].join('\n');
    const before = await footprint(t, member.id);
    const res = await mass(member, text, { key: 'short' }).expect(400);
    expect(res.body).toMatchObject({
      placed: false,
      total: 1000,
      balance: 700,
      shortfall: 300,
      message: MASS_ORDER_MESSAGES.shortfall,
    });
    expect(await footprint(t, member.id)).toEqual(before);
    // Topped up, the same key now places (nothing was kept for it).
    await fund(t, member.id, 300n);
    expect((await mass(member, text, { key: 'short' }).expect(200)).body).toMatchObject({ placed: true, balance: 0 });
  });

  it('refuses an empty text, over 500 lines and a bad key in Korean (400), storing nothing', async () => {
    const member = await createMember(t);
    await fund(t, member.id, 100_000n);
    const before = await footprint(t, member.id);
    expect((await mass(member, ' \n \n').expect(400)).body.message).toBe(MASS_ORDER_MESSAGES.empty);
    const many = Array.from({ length: 501 }, (_, i) => `${likes.id} | ${link(i)} | 10`).join('\n');
    expect((await mass(member, many).expect(400)).body.message).toBe(MASS_ORDER_MESSAGES.tooManyLines);
    await t.http
      .post('/api/service/orders/mass')
      .set('Authorization', `Bearer ${member.token}`)
      .send({ orders: 5 })
      .expect(400);
    const longKey = await mass(member, `${likes.id} | ${link(1)} | 100`, { key: 'k'.repeat(101) }).expect(400);
    expect(longKey.body.message).toBe(ORDER_MESSAGES.idempotencyKeyInvalid);
    await t.http
      .post('/api/service/orders/mass')
      .send({ orders: `${likes.id} | ${link(1)} | 100` })
      .expect(401);
    expect(await footprint(t, member.id)).toEqual(before);
  });
});
