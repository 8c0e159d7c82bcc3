import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { sql } from '../../support/identity.js';
import { payByCard, receiveTossWebhooks, startFakeToss, tossEnv, type FakeToss } from '../../support/fake-toss.js';
import { SettingsService } from '../../../server/src/modules/settings/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { Clock } from '../../../server/src/shared/index.js';

type Operator = { id: number; loginId: string; auth: string };

/**
 * Approval that cannot be cut into pieces: unapproved adjustments and refunds add up per operator and per
 * member over a rolling 24 hours toward APPROVAL_THRESHOLD (100,000 won by default); the one that crosses it
 * waits for a second operator, also when the pieces arrive at once.
 */
describe('two-person approval: a day of unapproved grants and refunds adds up', () => {
  let t: TestApp;
  let toss: FakeToss;
  let wallet: WalletFacade;

  beforeAll(async () => {
    toss = await startFakeToss();
    t = await startTestApp(tossEnv(toss));
    await receiveTossWebhooks(toss, t.app);
    await t.app.get(SettingsService).setMany({ ENABLE_TOSS_PAYMENT: true, ENABLE_PAYMENT_TYPE: 'ALL' });
    wallet = t.app.get(WalletFacade);
  }, 120_000);
  afterEach(() => t.app.get(Clock).reset());
  afterAll(async () => {
    expect(await wallet.invariantViolations()).toEqual([]);
    await t.close();
    await toss.close();
  });

  const adjust = (op: Operator, memberId: number, amount: number, reason = '이벤트 보상') =>
    t.http.post(`/api/admin/members/${memberId}/adjust-points`).set('Authorization', op.auth).send({ amount, reason });
  const balance = (memberId: number) => wallet.balanceOf(memberId);
  const adjustments = (memberId: number) =>
    sql<{ amount: string; reference_type: string }>(
      t,
      "select amount::text, reference_type from point_ledger_entry where member_id = ? and kind = 'ADJUST' order by id",
      [memberId],
    );
  const pending = async (op: Operator) =>
    (
      await sql<{ n: number }>(
        t,
        "select count(*)::int as n from approval where requested_by_id = ? and status = 'PENDING'",
        [op.id],
      )
    )[0]!.n;

  it("an ACCOUNTANT's +150,000 waits; then ten +100,000 (5 in a row, 5 in parallel): one is credited, nine wait", async () => {
    const accountant = await operatorWithRole(t, 'ACCOUNTANT');
    const member = await createMember(t);

    const big = await adjust(accountant, member.id, 150_000).expect(202);
    expect(big.body).toMatchObject({ status: 'PENDING', amount: 150_000 });

    const inRow: number[] = [];
    for (let i = 0; i < 5; i++) inRow.push((await adjust(accountant, member.id, 100_000)).status);
    const inParallel = (await Promise.all(Array.from({ length: 5 }, () => adjust(accountant, member.id, 100_000)))).map(
      (r) => r.status,
    );
    console.log(
      `split grant: +150,000 -> 202; 5 in a row -> ${inRow.join(',')}; 5 in parallel -> ${inParallel.join(',')}; ` +
        `credited ${await balance(member.id)}, waiting ${await pending(accountant)}`,
    );

    expect(inRow).toEqual([200, 202, 202, 202, 202]);
    expect(inParallel).toEqual([202, 202, 202, 202, 202]);
    expect(await balance(member.id)).toBe(100_000n);
    expect(await adjustments(member.id)).toEqual([{ amount: '100000', reference_type: 'operator-adjust' }]);
    expect(await pending(accountant)).toBe(10);
    // A held piece runs when a second operator approves it; approved moves are not the asker's to count.
    const approver = await operatorWithRole(t, 'ACCOUNTANT');
    const [first] = await sql<{ id: number }>(
      t,
      "select id from approval where requested_by_id = ? and status = 'PENDING' and amount = 100000 order by id limit 1",
      [accountant.id],
    );
    await t.http.post(`/api/admin/approvals/${first!.id}/approve`).set('Authorization', approver.auth).expect(200);
    expect(await balance(member.id)).toBe(200_000n);
    await adjust(accountant, member.id, 1).expect(202);

    // A rolling day: 24 hours after the credited piece the accountant may grant alone again.
    t.app.get(Clock).travel(24 * 60 * 60 * 1000 + 60_000);
    await adjust(accountant, member.id, 100_000).expect(200);
    await adjust(accountant, member.id, 1).expect(202);
    expect(await balance(member.id)).toBe(300_000n);
  }, 120_000);

  it('pieces that arrive at once: exactly as many pass as fit under the threshold', async () => {
    const accountant = await operatorWithRole(t, 'ACCOUNTANT');
    const member = await createMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(accountant, member.id, 30_000)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 202, 202, 202, 202, 202, 202, 202]);
    expect(await balance(member.id)).toBe(90_000n);
    expect(await adjustments(member.id)).toHaveLength(3);
    expect(await pending(accountant)).toBe(7);
  }, 120_000);

  it('per member across two operators: the second grant that takes the member past the threshold waits', async () => {
    const [a, b] = [await operatorWithRole(t, 'ACCOUNTANT'), await operatorWithRole(t, 'OWNER')];
    const [member, other] = [await createMember(t), await createMember(t)];
    await adjust(a, member.id, 60_000).expect(200);
    const held = await adjust(b, member.id, 60_000).expect(202);
    expect(held.body).toMatchObject({ status: 'PENDING', targetId: member.id, requestedById: b.id });
    // In parallel from both: neither fits with the 60,000 already given.
    const both = await Promise.all([adjust(a, member.id, 50_000), adjust(b, member.id, 50_000)]);
    expect(both.map((r) => r.status)).toEqual([202, 202]);
    // B's own day holds nothing unapproved yet: another member is granted at once.
    await adjust(b, other.id, 40_000).expect(200);
    expect([await balance(member.id), await balance(other.id)]).toEqual([60_000n, 40_000n]);
    expect(await adjustments(member.id)).toEqual([{ amount: '60000', reference_type: 'operator-adjust' }]);
  }, 120_000);

  it('a command that fails does not count', async () => {
    const accountant = await operatorWithRole(t, 'ACCOUNTANT');
    const member = await createMember(t);
    const refused = await adjust(accountant, member.id, -80_000, '회수');
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    await adjust(accountant, member.id, 100_000).expect(200);
    expect(await balance(member.id)).toBe(100_000n);
  }, 120_000);

  it('Toss refunds and grants share the operator’s and the member’s day', async () => {
    const accountant = await operatorWithRole(t, 'ACCOUNTANT');
    const member = await createMember(t);
    const { chargeId } = await payByCard(t.http, toss, member.token, 80_000);
    const refund = (op: Operator, point: number) =>
      t.http
        .post(`/api/admin/charges/${chargeId}/refund`)
        .set('Authorization', op.auth)
        .send({ point, reason: '고객 요청' });

    await refund(accountant, 50_000).expect(200);
    const grant = await adjust(accountant, member.id, 60_000).expect(202);
    expect(grant.body.kind).toBe('points.adjust');
    // Another operator's refund to the same member: the member's day already holds 50,000.
    const second = await operatorWithRole(t, 'ACCOUNTANT');
    const held = await refund(second, 30_000);
    expect([held.status, await balance(member.id)]).toEqual([200, 0n]);
    // That made the member's day 80,000: one more grant of 30,000 by a third operator waits.
    const third = await operatorWithRole(t, 'OWNER');
    await adjust(third, member.id, 30_000).expect(202);
    await adjust(third, member.id, 20_000).expect(200);
    expect(await balance(member.id)).toBe(20_000n);
  }, 120_000);
});
