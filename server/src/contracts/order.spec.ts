import {
  ceilDiv,
  ORDER_MESSAGES,
  orderCost,
  orderFormSchema,
  orderProblem,
  orderQuantity,
  orderRequestSchema,
  scaledPrice,
  type OrderRequest,
} from './order.js';

describe('order cost arithmetic', () => {
  it('reads unit prices exactly as millionths of a won', () => {
    expect(scaledPrice('0.35')).toBe(350_000n);
    expect(scaledPrice('12')).toBe(12_000_000n);
    expect(scaledPrice('0.000001')).toBe(1n);
    expect(scaledPrice('1234567890.123456')).toBe(1_234_567_890_123_456n);
    expect(scaledPrice(0.1)).toBe(100_000n);
    expect(scaledPrice(0.35)).toBe(350_000n);
    expect(scaledPrice(1e-6)).toBe(1n);
  });

  it('refuses what is not a price', () => {
    for (const bad of ['', '-1', '1.1234567', 'abc', '1e3', '.5', '1,000'])
      expect(() => scaledPrice(bad)).toThrow(RangeError);
  });

  it('rounds the total up to whole won once, never per unit or per run', () => {
    expect(orderCost('0.35', 3, 0)).toBe(2n); // 1.05 → 2
    expect(orderCost('0.35', 20, 0)).toBe(7n); // exactly 7
    expect(orderCost('0.1', 3, 0)).toBe(1n); // 0.3 (a float would say 0.30000000000000004)
    expect(orderCost('0.1', 30, 0)).toBe(3n); // 3 exactly, not 4
    expect(orderCost('0.05', 1_000, 3)).toBe(150n);
    expect(orderCost('0.333333', 3, 1)).toBe(1n); // 0.999999 → 1
    expect(orderCost('39', 10, 1)).toBe(390n);
    expect(orderCost('4.5', 101, 2)).toBe(909n);
    expect(orderCost('0.000001', 1, 0)).toBe(1n);
  });

  it('stays exact far beyond float precision', () => {
    expect(orderCost('9999999999.999999', 1_000_000_000, 1000)).toBe(9_999_999_999_999_999_000_000n);
  });

  it('ceilDiv', () => {
    expect(ceilDiv(0n, 3n)).toBe(0n);
    expect(ceilDiv(1n, 3n)).toBe(1n);
    expect(ceilDiv(3n, 3n)).toBe(1n);
    expect(ceilDiv(4n, 3n)).toBe(2n);
  });
});

describe('order rules', () => {
  const service = { point: '2.5', min: 10, max: 1000, enableAuto: true, isReadOnly: false };
  const input = (over: Partial<OrderRequest> = {}): OrderRequest => ({
    serviceId: 1,
    link: 'https://instagram.com/p/x',
    amount: 10,
    runs: 0,
    interval: 0,
    ...over,
  });
  const message = (body: unknown) => {
    const result = orderRequestSchema.safeParse(body);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it('parses the request with the spec messages', () => {
    expect(message({ link: 'https://instagram.com/p/x', amount: 10 })).toBe(ORDER_MESSAGES.serviceRequired);
    expect(message({ serviceId: 0, link: 'https://instagram.com/p/x', amount: 10 })).toBe(
      ORDER_MESSAGES.serviceRequired,
    );
    expect(message({ serviceId: 1, link: '   ', amount: 10 })).toBe(ORDER_MESSAGES.linkRequired);
    expect(message({ serviceId: 1, amount: 10 })).toBe(ORDER_MESSAGES.linkRequired);
    expect(message({ serviceId: 1, link: 'hello', amount: 10 })).toBe('올바른 링크를 입력해 주세요.');
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x'.repeat(1001), amount: 10 })).toBe(
      ORDER_MESSAGES.linkTooLong,
    );
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x' })).toBe(ORDER_MESSAGES.amountRequired);
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x', amount: 1.5 })).toBe(
      ORDER_MESSAGES.amountRequired,
    );
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x', amount: 10, runs: 2.5 })).toBe(
      ORDER_MESSAGES.runsInvalid,
    );
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x', amount: 10, runs: 2, interval: 'soon' })).toBe(
      ORDER_MESSAGES.intervalInvalid,
    );
    expect(
      orderRequestSchema.parse({ serviceId: '3', link: ' https://instagram.com/p/x ', amount: '10', runs: null }),
    ).toEqual({ serviceId: 3, link: 'https://instagram.com/p/x', amount: 10, runs: 0, interval: 0 });
  });

  it('applies the service rules in the spec order', () => {
    expect(orderProblem(input(), null)?.message).toBe(ORDER_MESSAGES.serviceRequired);
    expect(orderProblem(input(), { ...service, isReadOnly: true })?.message).toBe(ORDER_MESSAGES.unavailable);
    expect(orderProblem(input(), service, { serviceCheck: true })?.message).toBe(ORDER_MESSAGES.unavailable);
    expect(orderProblem(input({ amount: 9 }), service)?.message).toBe(ORDER_MESSAGES.amountBelowMin);
    expect(orderProblem(input({ amount: 1001 }), service)?.message).toBe(ORDER_MESSAGES.amountAboveMax);
    expect(orderProblem(input({ amount: 10 }), service)).toBeNull();
    expect(orderProblem(input({ amount: 1000 }), service)).toBeNull();
  });

  it('checks auto-order runs and interval only when auto is on', () => {
    expect(orderProblem(input({ runs: 2, interval: 60 }), { ...service, enableAuto: false })?.message).toBe(
      ORDER_MESSAGES.autoNotAllowed,
    );
    expect(orderProblem(input({ runs: 1, interval: 60 }), service)?.message).toBe(ORDER_MESSAGES.runsInvalid);
    expect(orderProblem(input({ runs: 0, interval: 60 }), service)?.message).toBe(ORDER_MESSAGES.runsInvalid);
    expect(orderProblem(input({ runs: 1001, interval: 60 }), service)?.message).toBe(ORDER_MESSAGES.runsInvalid);
    expect(orderProblem(input({ runs: 2, interval: 59 }), service)?.message).toBe(ORDER_MESSAGES.intervalInvalid);
    expect(orderProblem(input({ runs: 2, interval: 0 }), service)?.message).toBe(ORDER_MESSAGES.intervalInvalid);
    expect(orderProblem(input({ runs: 2, interval: 60 }), service)).toBeNull();
    // the storefront's toggle on with runs/interval still 0
    expect(orderProblem(input(), service, { auto: true })?.message).toBe(ORDER_MESSAGES.runsInvalid);
  });

  it('refuses a cost above a known balance (cost = price × amount × max(runs, 1))', () => {
    expect(orderProblem(input({ amount: 100 }), service, { balance: 250 })).toBeNull();
    expect(orderProblem(input({ amount: 100 }), service, { balance: 249n })?.message).toBe(
      ORDER_MESSAGES.insufficientPoints,
    );
    expect(orderProblem(input({ amount: 100, runs: 2, interval: 60 }), service, { balance: 499 })?.message).toBe(
      ORDER_MESSAGES.insufficientPoints,
    );
  });

  it('gives the form schema the same first message', () => {
    const result = orderFormSchema(service).safeParse({ serviceId: 1, link: 'https://instagram.com/p/x', amount: 5 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['amount'], message: ORDER_MESSAGES.amountBelowMin });
  });

  it('takes a Custom Comments order as its lines: count within min/max, each line at most 300 characters', () => {
    const comments = { ...service, type: 'Custom Comments' as const, min: 2, max: 3 };
    expect(orderQuantity(input({ comments: '좋아요\n\n  최고  \r\n' }), comments)).toBe(2);
    expect(orderProblem(input({ amount: 999, comments: '하나\n둘' }), comments)).toBeNull();
    expect(orderProblem(input({ comments: '' }), comments)).toEqual({
      field: 'comments',
      message: ORDER_MESSAGES.commentsRequired,
    });
    expect(orderProblem(input({ comments: '하나' }), comments)).toEqual({
      field: 'comments',
      message: ORDER_MESSAGES.commentsBelowMin,
    });
    expect(orderProblem(input({ comments: '1\n2\n3\n4' }), comments)).toEqual({
      field: 'comments',
      message: ORDER_MESSAGES.commentsAboveMax,
    });
    expect(orderProblem(input({ comments: `짧음\n${'가'.repeat(301)}` }), comments)).toEqual({
      field: 'comments',
      message: ORDER_MESSAGES.commentTooLong,
    });
    expect(orderProblem(input({ comments: '하나\n둘', runs: 2, interval: 60 }), comments)).toEqual({
      field: 'runs',
      message: ORDER_MESSAGES.autoNotAllowed,
    });
    // cost = price × lines
    expect(orderProblem(input({ comments: '하나\n둘' }), comments, { balance: 4 })).toEqual({
      field: 'comments',
      message: ORDER_MESSAGES.insufficientPoints,
    });
    expect(orderProblem(input({ comments: '하나\n둘' }), comments, { balance: 5 })).toBeNull();
    expect(orderProblem(input({ comments: '댓글' }), service)).toEqual({
      field: 'comments',
      message: ORDER_MESSAGES.commentsNotAllowed,
    });
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x', amount: 1, comments: 'a\u0000b' })).toBe(
      ORDER_MESSAGES.commentsInvalid,
    );
    expect(message({ serviceId: 1, link: 'https://instagram.com/p/x', amount: 1, comments: 'a'.repeat(300_001) })).toBe(
      ORDER_MESSAGES.commentsTooLong,
    );
  });

  it('takes a Package as one, whatever quantity is sent, and refuses subscriptions on the order form', () => {
    const bundle = { ...service, type: 'Package' as const, point: '9900', min: 1, max: 1 };
    expect(orderQuantity(input({ amount: 500 }), bundle)).toBe(1);
    expect(orderProblem(input({ amount: 500 }), bundle)).toBeNull();
    expect(orderProblem(input({ amount: 0 }), bundle, { balance: 9899 })).toEqual({
      field: 'amount',
      message: ORDER_MESSAGES.insufficientPoints,
    });
    expect(orderProblem(input(), { ...service, type: 'Subscriptions' })).toEqual({
      field: 'serviceId',
      message: ORDER_MESSAGES.subscriptionForm,
    });
  });
});
