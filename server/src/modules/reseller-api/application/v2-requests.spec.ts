import { keyOf, normaliseFields } from './v2-fields.js';
import { parseV2Request } from './v2-requests.js';

/** The parsing layer of /api/v2 for fields whose order types are not on sale yet (subscriptions, mentions, custom comments). */
describe('v2 request parsing', () => {
  const add = (fields: Record<string, unknown>) => parseV2Request('add', normaliseFields(fields));

  it('merges query and body, the body winning, and folds array forms', () => {
    expect(normaliseFields({ key: 'q', action: 'services', orders: '1' }, { key: 'b', action: ' Status ' })).toEqual({
      key: 'b',
      action: 'status',
      orders: '1',
    });
    expect(normaliseFields({ 'orders[]': ['1', '2'], 'refills[0]': '7', 'refills[1]': '8' })).toEqual({
      orders: ['1', '2'],
      refills: ['7', '8'],
    });
    // An absent word in the body leaves what the query string gave.
    expect(normaliseFields({ runs: '3' }, { runs: 'undefined' })).toEqual({ runs: '3' });
  });

  it.each([
    ['', 'runs'],
    ['undefined', 'runs'],
    ['null', 'interval'],
    ['NULL', 'comments'],
    ['0', 'runs'],
    ['0', 'username'],
    [null, 'expiry'],
  ])('drops %p sent as %s', (value, name) => {
    expect(normaliseFields({ [name]: value })).toEqual({});
  });

  it('keeps a 0 where zero is a value', () => {
    expect(normaliseFields({ quantity: '0', delay: '0', order: 0 })).toEqual({ quantity: '0', delay: '0', order: 0 });
  });

  it('finds the key in fields, then X-Api-Key, then a Bearer token', () => {
    expect(keyOf({ api_key: 'a' }, {})).toBe('a');
    expect(keyOf({ api: 'b' }, { 'x-api-key': 'h' })).toBe('b');
    expect(keyOf({}, { 'x-api-key': ' h ' })).toBe('h');
    expect(keyOf({}, { authorization: 'bearer t0k' })).toBe('t0k');
    expect(keyOf({}, { authorization: 'Basic abc' })).toBeUndefined();
  });

  it('splits comments on \\n and \\r\\n; without a quantity their count is the quantity', () => {
    const parsed = add({ service: '1', link: 'l', comments: 'one\r\ntwo\n\n three \n' });
    expect(parsed).toMatchObject({ ok: true, request: { comments: ['one', 'two', 'three'], order: { amount: '3' } } });
    expect(add({ service: '1', link: 'l', quantity: '5', comments: 'a\nb' })).toMatchObject({
      ok: true,
      request: { order: { amount: '5' } },
    });
  });

  it('splits usernames on newlines, commas and comma-space', () => {
    expect(add({ service: '1', link: 'l', usernames: 'alice\nbob,carol, dave\r\n' })).toMatchObject({
      ok: true,
      request: { usernames: ['alice', 'bob', 'carol', 'dave'] },
    });
  });

  it('reads a subscription: posts=0 is no limit, expiry d/m/Y or empty', () => {
    expect(
      add({ service: '1', username: 'someone', min: '10', max: '20', posts: '0', delay: '30', expiry: '5/1/2027' }),
    ).toMatchObject({
      ok: true,
      request: {
        username: 'someone',
        subscription: { min: 10, max: 20, posts: null, delay: 30, expiry: '2027-01-05' },
      },
    });
    expect(add({ service: '1', username: 'someone', min: 10, max: 20, posts: 7, expiry: '' })).toMatchObject({
      ok: true,
      request: { subscription: { posts: 7, expiry: null } },
    });
    for (const expiry of ['31/02/2027', '2027-01-05', '1/13/2027'])
      expect(add({ service: '1', username: 'x', min: 1, max: 2, expiry })).toMatchObject({
        ok: false,
        message: expect.stringContaining('d/m/Y'),
      });
    expect(add({ service: '1', username: 'x', min: '-1', max: 2 })).toMatchObject({ ok: false });
  });

  it('takes ids as lists with spaces and a trailing comma, and at most 100', () => {
    expect(parseV2Request('status', normaliseFields({ orders: ' 1, 2,3,' }))).toEqual({
      ok: true,
      request: { action: 'status', orders: ['1', '2', '3'] },
    });
    expect(
      parseV2Request('status', normaliseFields({ orders: Array.from({ length: 101 }, (_, i) => i + 1).join(',') })),
    ).toEqual({ ok: false, message: 'At most 100 ids per request' });
    expect(parseV2Request('refill_status', normaliseFields({ 'refills[]': ['4', '5'] }))).toMatchObject({
      ok: true,
      request: { refills: ['4', '5'] },
    });
  });
});
