import { chargeIdOfOrder, tossOrderId, tossReceiptFor } from './toss.js';

describe('Toss contract', () => {
  it('maps receipts to what Toss carries per method', () => {
    expect(tossReceiptFor('NONE', 'CARD')).toEqual({ ok: true, cashReceipt: null });
    expect(tossReceiptFor('CASH', 'CARD').ok).toBe(false);
    expect(tossReceiptFor('FEE', 'CARD').ok).toBe(false);
    expect(tossReceiptFor('CASH', 'TRANSFER')).toEqual({ ok: true, cashReceipt: '소득공제' });
    expect(tossReceiptFor('CASH', 'VIRTUAL_ACCOUNT')).toEqual({ ok: true, cashReceipt: '소득공제' });
    expect(tossReceiptFor('FEE', 'VIRTUAL_ACCOUNT')).toEqual({ ok: true, cashReceipt: '미발행' });
    expect(tossReceiptFor('NONE', 'TRANSFER')).toEqual({ ok: true, cashReceipt: null });
  });

  it("uses the charge's own id as orderId (6+ characters, Toss's rule) and reads it back strictly", () => {
    expect(tossOrderId(7)).toBe('charge-7');
    expect(tossOrderId(7).length).toBeGreaterThanOrEqual(6);
    expect(chargeIdOfOrder('charge-123')).toBe(123);
    for (const bad of ['charge-', 'charge-1x', 'xcharge-1', 'charge-1234567890', '123'])
      expect(chargeIdOfOrder(bad)).toBeNull();
  });
});
