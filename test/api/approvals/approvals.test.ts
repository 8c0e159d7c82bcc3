import { APPROVAL_MESSAGES, OPERATOR_MESSAGES } from '../../../server/src/contracts/index.js';
import { setSettings, sql } from '../../support/identity.js';
import { createMember, type TestMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { startTestApp, TEST_OPERATOR, type TestApp } from '../../support/test-app.js';

describe('two-person approval: point adjustments above APPROVAL_THRESHOLD', () => {
  let t: TestApp;
  let owner: string;
  let accountant: { id: number; loginId: string; auth: string };
  let support: { auth: string };
  let member: TestMember;

  const balance = async (memberId: number) =>
    (await t.http.get(`/api/admin/members/${memberId}`).set('Authorization', owner).expect(200)).body.point as number;
  const adjust = (auth: string, memberId: number, amount: number, reason = '이벤트 보상') =>
    t.http.post(`/api/admin/members/${memberId}/adjust-points`).set('Authorization', auth).send({ amount, reason });
  const adjustEntries = (memberId: number) =>
    sql<{ amount: string; reference_type: string; reference_id: string }>(
      t,
      "select amount::text, reference_type, reference_id from point_ledger_entry where member_id = ? and kind = 'ADJUST' order by id",
      [memberId],
    );

  beforeAll(async () => {
    t = await startTestApp();
    owner = `Bearer ${await t.operatorToken()}`;
    accountant = await operatorWithRole(t, 'ACCOUNTANT');
    support = await operatorWithRole(t, 'SUPPORT');
    member = await createMember(t);
  }, 120_000);
  afterAll(() => t.close());

  it('runs at once up to the threshold (default 100,000 won)', async () => {
    await adjust(owner, member.id, 100_000).expect(200);
    expect(await balance(member.id)).toBe(100_000);
  });

  it('round trip: held (202) above it, the owner cannot approve their own, a second operator approves and it runs once', async () => {
    const held = await adjust(owner, member.id, 150_000).expect(202);
    expect(held.body).toMatchObject({
      kind: 'points.adjust',
      targetId: member.id,
      amount: 150_000,
      status: 'PENDING',
      requestedByLoginId: TEST_OPERATOR.id,
    });
    expect(await balance(member.id)).toBe(100_000);

    const pending = await t.http
      .get('/api/admin/approvals')
      .query({ filter: JSON.stringify({ status: 'PENDING' }) })
      .set('Authorization', accountant.auth)
      .expect(200);
    expect(pending.body.map((a: { id: number }) => a.id)).toEqual([held.body.id]);
    expect(pending.body[0].memberLoginId).toBe(member.loginId);

    const own = await t.http
      .post(`/api/admin/approvals/${held.body.id}/approve`)
      .set('Authorization', owner)
      .expect(403);
    expect(own.body.message).toBe(APPROVAL_MESSAGES.ownRequest);
    const notTheirs = await t.http
      .post(`/api/admin/approvals/${held.body.id}/approve`)
      .set('Authorization', support.auth)
      .expect(403);
    expect(notTheirs.body.message).toBe(OPERATOR_MESSAGES.forbidden);
    expect(await balance(member.id)).toBe(100_000);

    const approved = await t.http
      .post(`/api/admin/approvals/${held.body.id}/approve`)
      .set('Authorization', accountant.auth)
      .expect(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', decidedById: accountant.id });
    expect(approved.body.result).toMatchObject({ amount: 150_000, balanceAfter: 250_000 });
    expect(await balance(member.id)).toBe(250_000);
    expect((await adjustEntries(member.id)).at(-1)).toEqual({
      amount: '150000',
      reference_type: 'approval',
      reference_id: String(held.body.id),
    });
    // Decided once: a second approval is refused and moves nothing.
    await t.http.post(`/api/admin/approvals/${held.body.id}/approve`).set('Authorization', accountant.auth).expect(409);
    expect(await balance(member.id)).toBe(250_000);

    // The audit log names each operator: who asked, who approved, and the adjustment as the approver's.
    const audit = await t.http
      .get('/api/admin/audit-logs')
      .query({ sort: JSON.stringify(['id', 'ASC']), filter: JSON.stringify({ resource: 'approvals' }) })
      .set('Authorization', owner)
      .expect(200);
    expect(audit.body.map((a: { action: string; operatorLoginId: string }) => [a.action, a.operatorLoginId])).toEqual([
      ['request', TEST_OPERATOR.id],
      ['approve', accountant.loginId],
    ]);
  });

  it('a debit above the threshold is held too; a rejection moves nothing', async () => {
    const before = await adjustEntries(member.id);
    const held = await adjust(owner, member.id, -120_000, '오지급 회수').expect(202);
    expect(held.body.amount).toBe(120_000);
    const rejected = await t.http
      .post(`/api/admin/approvals/${held.body.id}/reject`)
      .set('Authorization', accountant.auth)
      .expect(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', decidedByLoginId: accountant.loginId, result: null });
    await t.http.post(`/api/admin/approvals/${held.body.id}/approve`).set('Authorization', accountant.auth).expect(409);
    expect(await adjustEntries(member.id)).toEqual(before);
  });

  it('two approvers at once: it runs once', async () => {
    const secondOwner = await operatorWithRole(t, 'OWNER');
    const held = await adjust(owner, member.id, 200_000).expect(202);
    const before = await balance(member.id);
    const answers = await Promise.all(
      [accountant.auth, secondOwner.auth].map((auth) =>
        t.http.post(`/api/admin/approvals/${held.body.id}/approve`).set('Authorization', auth),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balance(member.id)).toBe(before + 200_000);
  });

  it('refuses holding a command that could not run (unknown member) and follows the threshold setting', async () => {
    await adjust(owner, 999_999, 500_000).expect(404);
    expect(await sql(t, 'select id from approval where target_id = 999999')).toEqual([]);
    await setSettings(t, { APPROVAL_THRESHOLD: '1000000' });
    await adjust(owner, member.id, 500_000).expect(200);
    await setSettings(t, { APPROVAL_THRESHOLD: '' });
    await adjust(owner, member.id, 500_000).expect(202);
  });
});
