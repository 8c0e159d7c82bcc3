import { OrderStatus } from '../../ordering/index.js';
import {
  chargeOf,
  fieldsOf,
  MAX_ID,
  parseId,
  ratePer1000,
  remainsOf,
  resellerOrderSchema,
  V1_STATUS,
  V2_STATUS,
} from './wire.js';

describe('reseller API wire formats', () => {
  it.each([
    ['2.5', '2500'],
    ['39', '39000'],
    ['0.35', '350'],
    ['0.12', '120'],
    ['0.123456', '123.456'],
    ['0.000001', '0.001'],
    ['1234567890.999999', '1234567890999.999'],
    ['7.200000', '7200'],
  ])('rate per 1000 of unit price %s is exactly %s', (point, rate) => {
    expect(ratePer1000(point)).toBe(rate);
  });

  it('spells every order status for v1 (the spec example: IN PROGRESS) and v2', () => {
    expect(Object.keys(V1_STATUS).sort()).toEqual(Object.values(OrderStatus).sort());
    expect(Object.keys(V2_STATUS).sort()).toEqual(Object.values(OrderStatus).sort());
    expect(V1_STATUS[OrderStatus.INPROGRESS]).toBe('IN PROGRESS');
    expect(Object.values(V2_STATUS)).toEqual([
      'Pending',
      'Processing',
      'In progress',
      'Completed',
      'Partial',
      'Canceled',
    ]);
  });

  it('reads remains as all of the amount until one is recorded, and the charge net of refunds', () => {
    expect(remainsOf({ remains: null, amount: 500 })).toBe(500);
    expect(remainsOf({ remains: 0, amount: 500 })).toBe(0);
    expect(remainsOf({ remains: 120, amount: 500 })).toBe(120);
    expect(chargeOf({ point: 1250n, refunded: 0n })).toBe(1250n);
    expect(chargeOf({ point: 1250n, refunded: 300n })).toBe(950n);
  });

  it.each([
    [1, 1],
    ['42', 42],
    [' 42 ', 42],
    ['0042', 42],
    [String(MAX_ID), MAX_ID],
    [String(MAX_ID + 1), null],
    ['99999999999', null],
    ['0', null],
    [0, null],
    [-1, null],
    ['-1', null],
    ['1.5', null],
    [1.5, null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
    [['1'], null],
    [{ id: 1 }, null],
  ])('parses id %p as %p', (raw, id) => {
    expect(parseId(raw)).toBe(id);
  });

  it('reads only an object body as fields', () => {
    expect(fieldsOf({ key: 'k' })).toEqual({ key: 'k' });
    for (const body of [undefined, null, 'key=k', ['key'], 3]) expect(fieldsOf(body)).toEqual({});
  });

  it('refuses a NUL in the link before it reaches the database', () => {
    const input = { serviceId: 1, link: 'https://instagram.com/p/a', amount: 10 };
    expect(resellerOrderSchema.safeParse(input).success).toBe(true);
    const refused = resellerOrderSchema.safeParse({ ...input, link: 'https://instagram.com/p/a\u0000' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('입력 양식을 맞춰주세요.');
  });
});
