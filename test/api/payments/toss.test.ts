import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { sql } from '../../support/identity.js';
import { receiveTossWebhooks, startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { TossRecheckJob, ChargeExpiryJob } from '../../../server/src/modules/billing/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { bearer, clock, HOUR, TAX_INVOICE } from '../billing/billing-support.js';

/**
 * Toss Payments top-ups against a loopback fake of Toss's API (test/support/fake-toss.ts): the
 * payment window is played by `toss.authorize` (what the buyer does in Toss's window), everything
 * else goes over HTTP as in production.
 */
describe('Toss Payments: paying charges online, exactly once', () => {
  let t: TestApp;
  let toss: FakeToss;
  let wallet: WalletFacade;
  let admin: string;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp({
      ...tossEnv(toss),
      // Short enough that the delayed confirms below time out, long enough for 24 concurrent reads on a busy machine.
      TOSS_TIMEOUT_MS: '2000',
    });
    await receiveTossWebhooks(toss, t.app);
    await t.app
      .get(SettingsService)
      .setMany({ ENABLE_TOSS_PAYMENT: true, ENABLE_PAYMENT_TYPE: 'ALL', ENABLE_PAYMENT_FEE: true });
    wallet = t.app.get(WalletFacade);
    admin = bearer(await t.operatorToken());
  });
  afterEach(() => clock(t).reset());
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
    await toss.close();
  });

  const checkout = (m: TestMember, body: Record<string, unknown>) =>
    t.http.post('/api/service/point/toss').set('Authorization', bearer(m.token)).send(body);
  const confirm = (m: TestMember, body: Record<string, unknown>) =>
    t.http.post('/api/service/point/toss/confirm').set('Authorization', bearer(m.token)).send(body);
  const charge = async (id: number) =>
    (
      await sql<Record<string, unknown>>(
        t,
        'select status, toss_payment_key, toss_status, virtual_account, refunded_point, toss_secret from charge where id = ?',
        [id],
      )
    )[0];
  const credits = async (id: number) =>
    (
      await sql<{ n: number }>(
        t,
        `select count(*)::int as n from point_ledger_entry where kind = 'CHARGE' and reference_id = ?`,
        [String(id)],
      )
    )[0]!.n;
  const runJob = () => t.app.get(TossRecheckJob).runOnce();

  async function paidByCard(m: TestMember, point = 10_000) {
    const c = (await checkout(m, { point, method: 'CARD' }).expect(201)).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'CARD');
    return { c, paymentKey };
  }

  it('is offered only with the switch on and both keys set', async () => {
    expect((await t.http.get('/api/service/point/toss/enabled').expect(200)).body).toEqual({ enabled: true });
    await t.app.get(SettingsService).setMany({ ENABLE_TOSS_PAYMENT: false });
    const m = await createMember(t);
    const res = await checkout(m, { point: 10_000, method: 'CARD' }).expect(403);
    expect(res.body.message).toBe('온라인 결제를 사용할 수 없습니다. 계좌이체로 충전해 주세요.');
    await t.app.get(SettingsService).setMany({ ENABLE_TOSS_PAYMENT: true });
  });

  it('card success: the charge id as orderId, the server amount, confirm with Basic auth, credited once', async () => {
    const m = await createMember(t);
    const res = await checkout(m, { point: 30_000, method: 'CARD' }).expect(201);
    expect(res.body).toMatchObject({
      clientKey: toss.clientKey,
      orderId: `charge-${res.body.chargeId}`,
      amount: 30_000,
      point: 30_000,
      method: 'CARD',
      cashReceipt: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(toss.secretKey);
    const paymentKey = toss.authorize(res.body.orderId, 30_000, 'CARD');
    const ok = await confirm(m, { paymentKey, orderId: res.body.orderId, amount: 30_000 }).expect(200);
    expect(ok.body).toMatchObject({
      status: 'SUCCESS',
      message: '결제가 완료되어 포인트가 충전되었습니다.',
      point: 30_000,
    });
    const call = toss.calls.find((c) => c.path === '/v1/payments/confirm' && c.body.paymentKey === paymentKey)!;
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${toss.secretKey}:`).toString('base64')}`);
    expect(call.body).toEqual({ paymentKey, orderId: res.body.orderId, amount: 30_000 });
    expect(await wallet.balanceOf(m.id)).toBe(30_000n);
    // The success page reloaded: the same answer, nothing moves again.
    await confirm(m, { paymentKey, orderId: res.body.orderId, amount: 30_000 }).expect(200);
    expect(await credits(res.body.chargeId)).toBe(1);
    expect(await wallet.balanceOf(m.id)).toBe(30_000n);
  });

  it('amount mismatch is refused before Toss is asked, and changes nothing', async () => {
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m, 10_000);
    const before = toss.calls.length;
    const res = await confirm(m, { paymentKey, orderId: c.orderId, amount: 100 }).expect(400);
    expect(res.body.message).toBe('결제 금액이 충전 요청 금액과 다릅니다.');
    expect(toss.calls.length).toBe(before);
    expect(await charge(c.chargeId)).toMatchObject({ status: 'PENDING', toss_payment_key: null });
    // Another member's charge is not theirs to confirm.
    const other = await createMember(t);
    await confirm(other, { paymentKey, orderId: c.orderId, amount: 10_000 }).expect(404);
  });

  it('user cancel: the fail page closes the charge, nothing credited', async () => {
    const m = await createMember(t);
    const c = (await checkout(m, { point: 10_000, method: 'CARD' }).expect(201)).body;
    const res = await t.http
      .post('/api/service/point/toss/fail')
      .set('Authorization', bearer(m.token))
      .send({ orderId: c.orderId, code: 'PAY_PROCESS_CANCELED', message: '사용자에 의해 결제가 취소되었습니다.' })
      .expect(200);
    expect(res.body).toMatchObject({ status: 'FAIL', message: '결제를 취소하셨습니다.' });
    expect((await charge(c.chargeId)).status).toBe('FAIL');
    expect(await wallet.balanceOf(m.id)).toBe(0n);
  });

  it("failure: Toss refuses the confirm, the member reads Toss's reason, the job then fails the charge", async () => {
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m);
    toss.refuseNextConfirm('REJECT_CARD_COMPANY', '카드사에서 결제를 거절했습니다.');
    const res = await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(400);
    expect(res.body.message).toBe('카드사에서 결제를 거절했습니다.');
    expect((await charge(c.chargeId)).status).toBe('PENDING');
    await runJob();
    expect(await charge(c.chargeId)).toMatchObject({ status: 'FAIL', toss_status: 'ABORTED' });
    expect(await credits(c.chargeId)).toBe(0);
  });

  it('confirm timeout: the charge waits, the re-check job reads DONE and credits once', async () => {
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m, 20_000);
    toss.delayNextConfirm(4_000);
    const res = await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    expect(res.body).toMatchObject({
      status: 'PENDING',
      message: '결제를 확인하고 있습니다. 잠시 후 충전 내역에서 확인해 주세요.',
    });
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    // The 3-hour expiry never fails a charge Toss holds a payment for: only Toss can say.
    clock(t).travel(4 * HOUR);
    await t.app.get(ChargeExpiryJob).runOnce();
    expect((await charge(c.chargeId)).status).toBe('PENDING');
    await Promise.all([runJob(), runJob(), runJob()]);
    expect(await charge(c.chargeId)).toMatchObject({ status: 'SUCCESS', toss_status: 'DONE' });
    expect(await credits(c.chargeId)).toBe(1);
    expect(await wallet.balanceOf(m.id)).toBe(20_000n);
    expect(toss.calls.some((call) => call.method === 'GET' && call.path === `/v1/payments/${paymentKey}`)).toBe(true);
  });

  it('N concurrent confirms, webhooks and jobs for one payment: exactly one credit', async () => {
    const N = 12;
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m, 15_000);
    const results = await Promise.all([
      ...Array.from({ length: N }, () => confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount })),
      ...Array.from({ length: N }, () => runJob()),
      ...Array.from({ length: N }, () =>
        toss.postWebhook({
          eventType: 'PAYMENT_STATUS_CHANGED',
          createdAt: new Date().toISOString(),
          data: { paymentKey, orderId: c.orderId },
        }),
      ),
    ]);
    const statuses = results.slice(0, N).map((r) => (r as { status: number }).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await credits(c.chargeId)).toBe(1);
    expect(await wallet.balanceOf(m.id)).toBe(15_000n);
    console.log(
      `exactly-once: ${N} confirms + ${N} re-check jobs + ${N} webhooks for one payment -> ${await credits(c.chargeId)} CHARGE credit, balance ${await wallet.balanceOf(m.id)}`,
    );
  });

  it('virtual account: issued (panel shows the account) → deposited (webhook) → credited once; repeats and forged webhooks change nothing', async () => {
    const m = await createMember(t);
    const c = (
      await checkout(m, {
        point: 50_000,
        method: 'VIRTUAL_ACCOUNT',
        feeType: 'CASH',
        feeValue: { phone: '01012345678' },
      }).expect(201)
    ).body;
    expect(c.cashReceipt).toBe('소득공제');
    const paymentKey = toss.authorize(c.orderId, c.amount, 'VIRTUAL_ACCOUNT');
    const issued = await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    expect(issued.body).toMatchObject({
      status: 'WAITING_FOR_DEPOSIT',
      message: '가상계좌가 발급되었습니다. 입금 기한 안에 입금해 주세요.',
    });
    const account = toss.payments.get(paymentKey)!.virtualAccount!;
    expect(issued.body.virtualAccount).toEqual({
      bankCode: '20',
      accountNumber: account.accountNumber,
      customerName: '김토스',
      dueDate: account.dueDate,
    });
    expect(JSON.stringify(issued.body)).not.toContain(toss.payments.get(paymentKey)!.secret!);
    expect(await wallet.balanceOf(m.id)).toBe(0n);

    // Forged: the wrong secret, or a deposit "DONE" posted before the money arrived.
    expect(
      await toss.postWebhook({
        createdAt: '2026-01-01T00:00:00.000000',
        secret: 'forged-secret',
        orderId: c.orderId,
        status: 'DONE',
        transactionKey: 'tx_forged',
      }),
    ).toBe(403);
    expect(
      await toss.postWebhook({
        createdAt: '2026-01-01T00:00:00.000000',
        secret: toss.payments.get(paymentKey)!.secret,
        orderId: c.orderId,
        status: 'DONE',
        transactionKey: 'tx_early',
      }),
    ).toBe(200);
    expect((await charge(c.chargeId)).status).toBe('PENDING');
    expect(await wallet.balanceOf(m.id)).toBe(0n);

    expect(await toss.deposit(paymentKey)).toBe(200);
    expect(await charge(c.chargeId)).toMatchObject({ status: 'SUCCESS', toss_status: 'DONE' });
    // Repeated and out-of-order deliveries: still one credit.
    const secret = toss.payments.get(paymentKey)!.secret;
    const repeats = await Promise.all(
      ['DONE', 'WAITING_FOR_DEPOSIT', 'DONE', 'DONE'].map((status) =>
        toss.postWebhook({
          createdAt: '2026-01-01T00:00:00.000000',
          secret,
          orderId: c.orderId,
          status,
          transactionKey: 'tx_again',
        }),
      ),
    );
    expect(repeats).toEqual([200, 200, 200, 200]);
    expect(await credits(c.chargeId)).toBe(1);
    expect(await wallet.balanceOf(m.id)).toBe(50_000n);
  });

  it('N concurrent deposit webhooks and re-check jobs for one virtual account: exactly one credit', async () => {
    const N = 12;
    const m = await createMember(t);
    const c = (await checkout(m, { point: 25_000, method: 'VIRTUAL_ACCOUNT' }).expect(201)).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'VIRTUAL_ACCOUNT');
    await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    const payment = toss.payments.get(paymentKey)!;
    payment.status = 'DONE';
    // The job looks at it now too (as when the due date came).
    await sql(t, 'update charge set next_check_at = now() where id = ?', [c.chargeId]);
    const body = {
      createdAt: '2026-01-01T00:00:00.000000',
      secret: payment.secret,
      orderId: c.orderId,
      status: 'DONE',
      transactionKey: 'tx_once',
    };
    const answers = await Promise.all([
      ...Array.from({ length: N }, () => toss.postWebhook(body)),
      ...Array.from({ length: N }, () => runJob().then(() => 200)),
    ]);
    expect(answers.every((a) => a === 200)).toBe(true);
    expect(await credits(c.chargeId)).toBe(1);
    expect(await wallet.balanceOf(m.id)).toBe(25_000n);
    console.log(
      `exactly-once: ${N} DEPOSIT_CALLBACK webhooks + ${N} re-check jobs for one virtual account -> ${await credits(c.chargeId)} CHARGE credit, balance ${await wallet.balanceOf(m.id)}`,
    );
  });

  it('bad webhooks and unknown payments get a clear refusal and change nothing', async () => {
    const post = (body: unknown) =>
      t.http
        .post('/api/toss/webhook')
        .set('content-type', 'application/json')
        .send(body as object);
    expect((await post({ secret: 'x', orderId: 'charge-999999', status: 'DONE' }).expect(404)).body.message).toBe(
      '확인할 수 없는 결제 알림입니다.',
    );
    await post({ secret: 'x', orderId: 'not-ours', status: 'DONE' }).expect(404);
    await post({ secret: 12, orderId: [] }).expect(400);
    await t.http.post('/api/toss/webhook').set('content-type', 'application/json').send('{"broken').expect(400);
    // A charge with no payment yet: a webhook naming a payment for it is refused.
    const m = await createMember(t);
    const c = (await checkout(m, { point: 10_000, method: 'CARD' }).expect(201)).body;
    await post({ eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'tgen_forged', orderId: c.orderId } }).expect(
      404,
    );
    // A payment key Toss never issued: confirm answers Toss's reason, the job closes the charge.
    const res = await confirm(m, { paymentKey: 'tgen_unknown', orderId: c.orderId, amount: c.amount }).expect(400);
    expect(res.body.message).toBe('결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다.');
    await runJob();
    expect((await charge(c.chargeId)).status).toBe('FAIL');
    expect(await wallet.balanceOf(m.id)).toBe(0n);
  });

  it('virtual account expired: the webhook fails the charge, nothing credited', async () => {
    const m = await createMember(t);
    const c = (await checkout(m, { point: 10_000, method: 'VIRTUAL_ACCOUNT' }).expect(201)).body;
    const paymentKey = toss.authorize(c.orderId, c.amount, 'VIRTUAL_ACCOUNT');
    await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    expect(await toss.expire(paymentKey)).toBe(200);
    expect(await charge(c.chargeId)).toMatchObject({ status: 'FAIL', toss_status: 'EXPIRED' });
    // A late "deposit" webhook for an expired account cannot revive it.
    expect(
      await toss.postWebhook({
        createdAt: '2026-01-01T00:00:00.000000',
        secret: toss.payments.get(paymentKey)!.secret,
        orderId: c.orderId,
        status: 'DONE',
        transactionKey: 'tx_late',
      }),
    ).toBe(200);
    expect(await credits(c.chargeId)).toBe(0);
  });

  it('receipts map to what Toss offers per method: none on cards, cash receipt on transfer', async () => {
    const m = await createMember(t);
    const card = await checkout(m, { point: 10_000, method: 'CARD', feeType: 'FEE', feeValue: TAX_INVOICE }).expect(
      400,
    );
    expect(card.body.message).toContain('카드 결제는 현금영수증·세금계산서를 발행할 수 없습니다');
    const transfer = await checkout(m, {
      point: 10_000,
      method: 'TRANSFER',
      feeType: 'FEE',
      feeValue: TAX_INVOICE,
    }).expect(201);
    expect(transfer.body).toMatchObject({ amount: 11_000, point: 10_000, cashReceipt: '미발행' });
  });

  it('refund full and partial: cancels at Toss, only up to unspent points, debits once; failure answers Toss', async () => {
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m, 40_000);
    await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    const refund = (point: number, reason = '고객 요청') =>
      t.http.post(`/api/admin/charges/${c.chargeId}/refund`).set('Authorization', admin).send({ point, reason });

    // The member spent 15,000: only 25,000 is refundable.
    await wallet.debit(t.app.get(MikroORM).em.fork(), {
      memberId: m.id,
      amount: 15_000n,
      kind: 'ORDER' as never,
      reference: { type: 'test-spend', id: c.chargeId },
    });
    const tooMuch = await refund(30_000).expect(400);
    expect(tooMuch.body.message).toBe('환불할 포인트가 회원의 남은 포인트 또는 환불 가능한 금액보다 많습니다.');
    expect(toss.payments.get(paymentKey)!.balanceAmount).toBe(40_000);

    const partial = await refund(10_000).expect(200);
    expect(partial.body).toMatchObject({ refundedPoint: 10_000, tossStatus: 'PARTIAL_CANCELED' });
    const cancelCall = toss.calls.filter((x) => x.path === `/v1/payments/${paymentKey}/cancel`).at(-1)!;
    expect(cancelCall.body).toEqual({ cancelReason: '고객 요청', cancelAmount: 10_000 });
    expect(cancelCall.idempotencyKey).toBeTruthy();
    expect(toss.payments.get(paymentKey)!.balanceAmount).toBe(30_000);
    expect(await wallet.balanceOf(m.id)).toBe(15_000n);

    // Toss refuses (the fake's payment was canceled at Toss meanwhile): its reason, and the debit rolled back.
    toss.payments.get(paymentKey)!.status = 'CANCELED';
    const refused = await refund(5_000).expect(409);
    expect(refused.body.message).toBe('취소 할 수 없는 결제 입니다.');
    expect(await wallet.balanceOf(m.id)).toBe(15_000n);
    toss.payments.get(paymentKey)!.status = 'PARTIAL_CANCELED';

    const rest = await refund(15_000).expect(200);
    expect(rest.body).toMatchObject({ refundedPoint: 25_000 });
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    const refunds = await sql<{ n: number }>(
      t,
      `select count(*)::int as n from point_ledger_entry where kind = 'CHARGE_REFUND' and member_id = ?`,
      [m.id],
    );
    expect(refunds[0]!.n).toBe(2);
    await refund(1).expect(400);
  });

  it('operators cannot accept a Toss charge by hand, nor reject one Toss holds a payment for; abandoned checkouts are limited', async () => {
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m);
    const accept = await t.http.post(`/api/admin/charges/${c.chargeId}/accept`).set('Authorization', admin).expect(409);
    expect(accept.body.message).toBe('토스 결제 충전은 결제가 확인되면 자동으로 수락됩니다.');
    toss.delayNextConfirm(4_000);
    await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    const reject = await t.http.post(`/api/admin/charges/${c.chargeId}/reject`).set('Authorization', admin).expect(409);
    expect(reject.body.message).toBe('토스 결제가 진행 중인 충전 요청은 거절할 수 없습니다.');
    expect(await credits(c.chargeId)).toBe(0);
    await runJob();
    expect(await credits(c.chargeId)).toBe(1);

    const other = await createMember(t);
    for (let i = 0; i < 5; i++) await checkout(other, { point: 1_000, method: 'CARD' }).expect(201);
    const refused = await checkout(other, { point: 1_000, method: 'CARD' }).expect(409);
    expect(refused.body.message).toBe('완료되지 않은 온라인 결제 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.');
  });

  it('refund full: the whole payment canceled and all points taken back', async () => {
    const m = await createMember(t);
    const { c, paymentKey } = await paidByCard(m, 12_000);
    await confirm(m, { paymentKey, orderId: c.orderId, amount: c.amount }).expect(200);
    const res = await t.http
      .post(`/api/admin/charges/${c.chargeId}/refund`)
      .set('Authorization', admin)
      .send({ point: 12_000, reason: '전액 환불' })
      .expect(200);
    expect(res.body).toMatchObject({ refundedPoint: 12_000, refundedAmount: 12_000, tossStatus: 'CANCELED' });
    expect(toss.calls.filter((x) => x.path === `/v1/payments/${paymentKey}/cancel`).at(-1)!.body).toEqual({
      cancelReason: '전액 환불',
    });
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    // Bank-transfer charges have no payment to cancel.
    const list = await t.http
      .get('/api/admin/charges')
      .query({ filter: JSON.stringify({ method: 'TOSS' }) })
      .set('Authorization', admin)
      .expect(200);
    expect((list.body as { method: string }[]).every((x) => x.method === 'TOSS')).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('tossSecret');
  });
});
