import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { setSettings } from '../../support/identity.js';
import { OrderingFacade, OrderStatus } from '../../../server/src/modules/ordering/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { balance, createService, em, fund, ledgerOf, placeOrder, tx } from '../ordering/fixtures.js';
import { bearer, configureBilling, openCharge } from '../billing/billing-support.js';

/** Deleting a member closes their money (charges, open orders, the balance) and the books stay clean. */
describe('member deletion closes their money', () => {
  let t: TestApp;
  let admin: string;
  let wallet: WalletFacade;

  beforeAll(async () => {
    t = await startTestApp({ BANK_ALERT_KEY: 'bank-alert-secret-0123456789' });
    admin = bearer(await t.operatorToken());
    wallet = t.app.get(WalletFacade);
    await configureBilling(t);
  });
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
  });

  /** A member with a waiting charge, a PENDING order, an ACTIVE auto-order and an order already upstream. */
  async function busyMember(): Promise<{
    m: TestMember;
    chargeId: number;
    pending: number;
    auto: number;
    firstRun: number;
    upstream: number;
  }> {
    const m = await createMember(t);
    await fund(t, m.id, 100_000n);
    const service = await createService(t, { point: '10' });
    const charge = await openCharge(t, m, 30_000, `탈퇴${m.id}`.slice(0, 20));
    const pending = (
      await placeOrder(t, m, {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/deleted1/',
        amount: 100,
      }).expect(201)
    ).body;
    const auto = (
      await placeOrder(t, m, {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/deleted2/',
        amount: 100,
        runs: 3,
        interval: 60,
      }).expect(201)
    ).body;
    const upstream = (
      await placeOrder(t, m, {
        serviceId: service.id,
        link: 'https://www.instagram.com/p/deleted3/',
        amount: 200,
      }).expect(201)
    ).body;
    await tx(t, (db) =>
      t.app.get(OrderingFacade).applyUpstream(db, upstream.orderId, { status: OrderStatus.PROCESSING }),
    );
    return {
      m,
      chargeId: charge.chargeId,
      pending: pending.orderId as number,
      auto: auto.autoOrderId as number,
      firstRun: auto.orderId as number,
      upstream: upstream.orderId as number,
    };
  }

  it('closes the waiting charge, cancels PENDING orders and ACTIVE auto-orders with refunds, and forfeits the rest (FORFEIT)', async () => {
    const { m, chargeId, pending, auto, firstRun, upstream } = await busyMember();
    expect(await balance(t, m.id)).toBe(94_000n);

    await t.http.delete('/api/auth/account').set('Authorization', bearer(m.token)).expect(200);

    // The charge can no longer be accepted, by an operator or by a matching deposit.
    const accept = await t.http.post(`/api/admin/charges/${chargeId}/accept`).set('Authorization', admin).expect(409);
    expect(accept.body.message).toBe('탈퇴한 회원의 충전 요청이라 승인할 수 없습니다.');
    const charge = (await t.http.get(`/api/admin/charges/${chargeId}`).set('Authorization', admin).expect(200)).body;
    expect(charge).toMatchObject({ status: 'FAIL', resolvedBy: 'member-deleted' });
    const deposit = await t.http
      .post('/api/admin/deposits')
      .set('Authorization', admin)
      .send({
        bankTransactionId: `DEL-${m.id}`,
        depositedAt: new Date().toISOString(),
        depositorName: `탈퇴${m.id}`.slice(0, 20),
        amount: 30_000,
      })
      .expect(201);
    expect(deposit.body.status).toBe('UNMATCHED');
    const match = await t.http
      .post(`/api/admin/deposits/${deposit.body.id}/match`)
      .set('Authorization', admin)
      .send({ chargeId })
      .expect(409);
    expect(match.body.message).toMatch(/[가-힣]/);

    const rows = await em(t).execute<{ id: number; status: string }[]>(
      'select id, status from service_order where member_id = ? order by id',
      [m.id],
    );
    expect(rows).toEqual([
      { id: pending, status: 'CANCELED' },
      // The auto-order's first run, not yet sent upstream: canceled with its share refunded.
      { id: firstRun, status: 'CANCELED' },
      // Already with the provider: left to finish.
      { id: upstream, status: 'PROCESSING' },
    ]);
    const [autoRow] = await em(t).execute<{ status: string }[]>('select status from auto_order where id = ?', [auto]);
    expect(autoRow!.status).toBe('CANCLED');

    const ledger = await ledgerOf(t, m.id);
    process.stdout.write(
      `deleted member ${m.id}, MEMBER_DELETION_BALANCE=FORFEIT, ledger:\n${ledger.map((r) => `  ${r.kind.padEnd(8)} ${String(r.amount).padStart(8)}  ${r.reference_type}:${r.reference_id}`).join('\n')}\n`,
    );
    expect(ledger.map((r) => [r.kind, r.amount, `${r.reference_type}:${r.reference_id}`])).toEqual([
      ['CHARGE', '100000', expect.stringMatching(/^charge:/)],
      ['ORDER', '-1000', `order:${pending}`],
      ['ORDER', '-3000', `auto-order:${auto}`],
      ['ORDER', '-2000', `order:${upstream}`],
      // Runs 2 and 3 never started; run 1 (not yet upstream) is canceled with its share.
      ['REFUND', '2000', `auto-order:${auto}`],
      ['REFUND', '1000', `order:${pending}`],
      ['REFUND', '1000', `order:${firstRun}`],
      // 100,000 − 6,000 + 4,000: the PROCESSING order's 2,000 stays spent.
      ['FORFEIT', '-98000', `member:${m.id}`],
    ]);
    expect(await balance(t, m.id)).toBe(0n);
    expect(await wallet.invariantViolations()).toEqual([]);
    const invariant = await t.http.get('/api/admin/wallet/invariant').set('Authorization', admin).expect(200);
    expect(JSON.stringify(invariant.body)).not.toContain(`"memberId":${m.id},`);
  });

  it('keeps the balance for a refund by hand when MEMBER_DELETION_BALANCE is KEEP', async () => {
    await setSettings(t, { MEMBER_DELETION_BALANCE: 'KEEP' });
    try {
      const { m } = await busyMember();
      await t.http.delete('/api/auth/account').set('Authorization', bearer(m.token)).expect(200);
      const ledger = await ledgerOf(t, m.id);
      expect(ledger.map((r) => r.kind)).not.toContain('FORFEIT');
      expect(ledger.filter((r) => r.kind === 'REFUND')).toHaveLength(3);
      expect(await balance(t, m.id)).toBe(98_000n);
      expect(await wallet.invariantViolations()).toEqual([]);
    } finally {
      await setSettings(t, { MEMBER_DELETION_BALANCE: 'FORFEIT' });
    }
  });

  it('refuses an unknown MEMBER_DELETION_BALANCE value', async () => {
    await t.http
      .put('/api/admin/settings/MEMBER_DELETION_BALANCE')
      .set('Authorization', admin)
      .send({ value: 'GIVE_AWAY' })
      .expect(400);
  });
});
