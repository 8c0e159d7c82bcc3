import {
  normaliseStatus,
  parseAnswerText,
  parseCount,
  parseDecimal,
  readAddAnswer,
  readBalance,
  readOrderState,
  readServices,
  readStatusAnswer,
} from './upstream-protocol.js';

describe('upstream protocol normalisation', () => {
  it.each([
    ['Pending', 'PROCESSING'],
    ['pending', 'PROCESSING'],
    ['Processing', 'PROCESSING'],
    ['In progress', 'INPROGRESS'],
    ['Inprogress', 'INPROGRESS'],
    ['IN PROGRESS', 'INPROGRESS'],
    ['in_progress', 'INPROGRESS'],
    ['Completed', 'COMPLETED'],
    ['COMPLETED', 'COMPLETED'],
    ['Partial', 'PARTIAL'],
    ['Canceled', 'CANCELED'],
    ['Cancelled', 'CANCELED'],
    ['Refunded', 'CANCELED'],
    ['Fail', 'CANCELED'],
    ['Failed', 'CANCELED'],
    ['In Progress', 'INPROGRESS'],
  ])('reads status %j as %s', (raw, expected) => {
    expect(normaliseStatus(raw)).toBe(expected);
  });

  it('does not guess unknown statuses', () => {
    for (const raw of ['Weird', '', null, 3, undefined, {}]) expect(normaliseStatus(raw)).toBeNull();
  });

  it('reads counts given as numbers or strings', () => {
    expect(parseCount(12)).toBe(12);
    expect(parseCount('3572')).toBe(3572);
    expect(parseCount(' 1,234 ')).toBe(1234);
    expect(parseCount('12.00')).toBe(12);
    expect(parseCount('-15')).toBe(-15);
    for (const raw of ['', 'abc', null, undefined, NaN, '1e5', {}]) expect(parseCount(raw)).toBeNull();
  });

  it('takes commas only as thousands separators: "1,5" could be 1.5 or 15, so it is neither', () => {
    expect(parseDecimal('1,234.5')).toBe('1234.5');
    expect(parseDecimal('12,345,678')).toBe('12345678');
    for (const raw of ['1,5', '1,50', '0,001', '1,2345', ',5', '1,']) expect(parseDecimal(raw)).toBeNull();
    expect(parseCount('1,5')).toBeNull();
    expect(readServices([{ service: 7, name: 'x', rate: '1,5', min: 10, max: 100 }])).toEqual({
      services: [],
      malformed: 1,
      unreadable: ['7'],
    });
  });

  it('keeps decimals exact and canonical', () => {
    expect(parseDecimal('0.90')).toBe('0.9');
    expect(parseDecimal(1.5)).toBe('1.5');
    expect(parseDecimal('007.1000')).toBe('7.1');
    expect(parseDecimal('12')).toBe('12');
    expect(parseDecimal('-3.5')).toBeNull();
    expect(parseDecimal('-3.50', true)).toBe('-3.5');
    expect(parseDecimal('-0.0', true)).toBe('0');
    expect(parseDecimal('1e-7')).toBeNull();
  });

  it('clamps negative remains (over-delivery) to zero and reads string numbers', () => {
    expect(
      readOrderState({ charge: '0.27819', start_count: '3572', status: 'Completed', remains: '-157', currency: 'USD' }),
    ).toEqual({
      ok: true,
      state: { status: 'COMPLETED', startCount: 3572, remains: 0, reportedRemains: -157, charge: '0.27819' },
    });
    expect(readOrderState({ status: 'Partial', remains: 157 })).toEqual({
      ok: true,
      state: { status: 'PARTIAL', startCount: null, remains: 157, reportedRemains: 157, charge: null },
    });
  });

  it('turns error entries and unknown statuses into errors', () => {
    expect(readOrderState({ error: 'Incorrect order ID' })).toEqual({
      ok: false,
      error: 'Incorrect order ID',
      check: true,
    });
    expect(readOrderState({ status: 'Exploded' })).toEqual({
      ok: false,
      error: 'unknown status: Exploded',
      check: true,
    });
    expect(readOrderState({ status: 'Error', remains: '10' })).toEqual({
      ok: false,
      error: 'provider status Error',
      check: true,
    });
    expect(readOrderState({ remains: '10' })).toEqual({ ok: false, error: 'no status in the answer' });
    expect(readOrderState('nope')).toEqual({ ok: false, error: 'no status in the answer' });
  });

  it('reads batched, listed and single status answers, reporting ids the answer leaves out', () => {
    const batch = readStatusAnswer(
      { '1': { status: 'In progress', remains: '5', start_count: '10' }, '2': { error: 'Incorrect order ID' } },
      ['1', '2', '3'],
    );
    expect(batch.get('1')).toEqual({
      ok: true,
      state: { status: 'INPROGRESS', startCount: 10, remains: 5, reportedRemains: 5, charge: null },
    });
    expect(batch.get('2')).toEqual({ ok: false, error: 'Incorrect order ID', check: true });
    expect(batch.get('3')).toEqual({ ok: false, error: 'order missing from the answer' });
    const listed = readStatusAnswer([{ order: 7, status: 'Completed', remains: 0 }], ['7']);
    expect(listed.get('7')).toMatchObject({ ok: true, state: { status: 'COMPLETED' } });
    const single = readStatusAnswer({ status: 'Pending', remains: '100' }, ['9']);
    expect(single.get('9')).toMatchObject({ ok: true, state: { status: 'PROCESSING', remains: 100 } });
    const failed = readStatusAnswer({ error: 'Invalid API key' }, ['1', '2']);
    expect([...failed.values()]).toEqual([
      { ok: false, error: 'Invalid API key' },
      { ok: false, error: 'Invalid API key' },
    ]);
  });

  it('reads the order id of an add answer', () => {
    expect(readAddAnswer({ order: 23501 })).toBe('23501');
    expect(readAddAnswer({ order: '23501' })).toBe('23501');
    for (const body of [{}, { order: 0 }, { order: null }, { order: 'a b' }, 'x', null, { error: 'x' }])
      expect(readAddAnswer(body)).toBeNull();
  });

  it('reads service lists with string numbers and skips malformed items', () => {
    const { services, malformed } = readServices([
      {
        service: 1,
        name: 'Followers',
        type: 'Default',
        category: 'First Category',
        rate: '0.90',
        min: '50',
        max: '10000',
        refill: true,
        cancel: '1',
        dripfeed: true,
      },
      { service: '2', name: 'Comments', category: 'Second', rate: 8, min: 10, max: 1500, refill: false },
      { service: 3, name: 'Broken', rate: 'free', min: 1, max: 2 },
      { service: 4, name: 'Backwards', rate: '1', min: 100, max: 10 },
      null,
    ]);
    expect(malformed).toBe(3);
    expect(services).toEqual([
      {
        id: '1',
        name: 'Followers',
        category: 'First Category',
        type: 'Default',
        rate: '0.9',
        min: 50,
        max: 10000,
        refill: true,
        cancel: true,
        dripfeed: true,
        description: null,
      },
      {
        id: '2',
        name: 'Comments',
        category: 'Second',
        type: 'Default',
        rate: '8',
        min: 10,
        max: 1500,
        refill: false,
        cancel: false,
        dripfeed: false,
        description: null,
      },
    ]);
    expect(readServices({ error: 'x' })).toEqual({ services: [], malformed: 0, unreadable: [] });
  });

  it('reads balances, negative ones included', () => {
    expect(readBalance({ balance: '100.84292', currency: 'USD' })).toEqual({ balance: '100.84292', currency: 'USD' });
    expect(readBalance({ balance: '-2.50' })).toEqual({ balance: '-2.5', currency: '' });
    expect(readBalance({ balance: 'lots' })).toBeNull();
  });

  it('reads answers with a byte order mark, blanks, or nothing', () => {
    expect(parseAnswerText('\uFEFF{"order": 7}\r\n')).toEqual({ order: 7 });
    expect(parseAnswerText('  ')).toBeUndefined();
    expect(() => parseAnswerText('<html>')).toThrow(SyntaxError);
  });

  it('reads service flags and rates as panels write them', () => {
    const { services } = readServices([
      {
        service: '9',
        name: 'X',
        type: ' Custom Comments ',
        category: 'c',
        rate: '1,234.567890',
        min: '1',
        max: '2,000',
        refill: 'true',
        cancel: '0',
        dripfeed: '1',
      },
    ]);
    expect(services[0]).toMatchObject({
      id: '9',
      type: 'Custom Comments',
      rate: '1234.56789',
      max: 2000,
      refill: true,
      cancel: false,
      dripfeed: true,
    });
  });
});
