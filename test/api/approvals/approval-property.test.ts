import { DEFAULT_APPROVAL_THRESHOLD, mayUse, type OperatorRole } from '../../../server/src/contracts/index.js';
import { WalletFacade } from '../../../server/src/modules/wallet/index.js';
import { Clock } from '../../../server/src/shared/index.js';
import { sql } from '../../support/identity.js';
import { createMember, type TestMember } from '../../support/members.js';
import { operatorWithRole } from '../../support/operators.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { prng } from '../partners/prng.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CASES = Number(process.env.PROPERTY_CASES ?? 3);
const STEPS = Number(process.env.PROPERTY_STEPS ?? 20);
const DAY = 24 * 60 * 60 * 1000;
const THRESHOLD = Number(DEFAULT_APPROVAL_THRESHOLD);
const AMOUNTS = [1_000, 30_000, 45_000, 60_000, 99_999, 100_000, 100_001, 150_000, -20_000, -70_000] as const;

interface Operator {
  id: number;
  role: OperatorRole;
  auth: string;
}

/** A command that ran without a second operator, as its 200 answer said, at the (frozen) time it was sent. */
interface Move {
  operatorId: number;
  memberId: number;
  size: number;
  at: number;
}

/**
 * Random sequences of operator point commands by the four roles (some sent at once), approvals and rejections
 * by random operators, and time moving on: only OWNER and ACCOUNTANT may adjust or decide; no operator moves,
 * and no member receives, more than the threshold within any 24 hours without an approval record; every other
 * ledger row of the adjustments is an approved request's, decided by someone else; the ledger invariant holds.
 */
describe('two-person approval (property): no one moves more than the threshold a day alone', () => {
  let t: TestApp;
  let wallet: WalletFacade;
  let clock: Clock;
  const operators: Operator[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    wallet = t.app.get(WalletFacade);
    clock = t.app.get(Clock);
    const owner = (await sql<{ id: number }>(t, "select id from operator where login_id = 'operator'"))[0]!;
    operators.push({ id: owner.id, role: 'OWNER', auth: `Bearer ${await t.operatorToken()}` });
    for (const role of ['OWNER', 'MANAGER', 'SUPPORT', 'ACCOUNTANT', 'ACCOUNTANT'] as const)
      operators.push({ ...(await operatorWithRole(t, role)), role });
  }, 120_000);
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  /** The largest sum of `moves` within any 24 hours ending at one of them. */
  const worstDay = (moves: Move[]) =>
    Math.max(
      0,
      ...moves.map((m) => moves.filter((o) => o.at > m.at - DAY && o.at <= m.at).reduce((s, o) => s + o.size, 0)),
    );

  it(`${CASES} random sequences of ${STEPS} steps (seed ${SEED})`, async () => {
    const random = prng(SEED);
    const moves: Move[] = [];
    let held = 0;
    clock.freeze();
    for (let c = 0; c < CASES; c++) {
      const members: TestMember[] = [await createMember(t), await createMember(t), await createMember(t)];
      const ids = members.map((m) => m.id);
      for (let s = 0; s < STEPS; s++) {
        const where = `seed ${SEED} case ${c + 1} step ${s + 1}`;
        const roll = random.int(10);
        if (roll < 6) {
          // One command, or a few at once (the same operator or member more often than not).
          const burst = roll < 3 ? 1 : 2 + random.int(4);
          const operator = random.pick(operators);
          const memberId = random.pick(ids);
          const commands = Array.from({ length: burst }, () => ({
            operator: random.int(3) === 0 ? random.pick(operators) : operator,
            memberId: random.int(3) === 0 ? random.pick(ids) : memberId,
            amount: random.pick(AMOUNTS),
          }));
          const at = clock.now().getTime();
          const answers = await Promise.all(
            commands.map((cmd) =>
              t.http
                .post(`/api/admin/members/${cmd.memberId}/adjust-points`)
                .set('Authorization', cmd.operator.auth)
                .send({ amount: cmd.amount, reason: '속성 테스트' }),
            ),
          );
          answers.forEach((answer, i) => {
            const cmd = commands[i]!;
            const label = `${where}: ${cmd.operator.role} #${cmd.operator.id} ${cmd.amount} to #${cmd.memberId} -> ${answer.status}`;
            if (!mayUse(cmd.operator.role, 'points.adjust')) {
              if (answer.status !== 403) throw new Error(label);
              return;
            }
            if (answer.status === 200)
              moves.push({ operatorId: cmd.operator.id, memberId: cmd.memberId, size: Math.abs(cmd.amount), at });
            else if (answer.status === 202) held++;
            // A debit the balance cannot cover is refused (4xx); nothing else may be.
            else if (!(cmd.amount < 0 && answer.status >= 400 && answer.status < 500)) throw new Error(label);
          });
        } else if (roll < 9) {
          const pending = await sql<{ id: number; requested_by_id: number }>(
            t,
            "select id, requested_by_id from approval where status = 'PENDING' order by id",
          );
          if (pending.length === 0) continue;
          const request = random.pick(pending);
          const decider = random.pick(operators);
          const verb = random.int(3) === 0 ? 'reject' : 'approve';
          const answer = await t.http
            .post(`/api/admin/approvals/${request.id}/${verb}`)
            .set('Authorization', decider.auth);
          const label = `${where}: ${decider.role} #${decider.id} ${verb}s #${request.id} -> ${answer.status}`;
          const allowed = mayUse(decider.role, 'approvals') && mayUse(decider.role, 'points.adjust');
          if (!allowed || decider.id === request.requested_by_id) {
            if (answer.status !== 403) throw new Error(label);
          } else if (answer.status !== 200 && !(verb === 'approve' && answer.status < 500 && answer.status >= 400))
            throw new Error(label);
        } else {
          clock.travel((1 + random.int(12)) * 60 * 60 * 1000);
        }

        // The invariants, after every step.
        for (const op of operators) {
          const day = worstDay(moves.filter((m) => m.operatorId === op.id));
          if (day > THRESHOLD) throw new Error(`${where}: operator #${op.id} moved ${day} in a day alone`);
        }
        for (const memberId of new Set(moves.map((m) => m.memberId))) {
          const day = worstDay(moves.filter((m) => m.memberId === memberId));
          if (day > THRESHOLD) throw new Error(`${where}: member #${memberId} received ${day} in a day alone`);
        }
        const rows = await sql<{ reference_type: string; reference_id: string; amount: string }>(
          t,
          "select reference_type, reference_id, amount::text from point_ledger_entry where kind = 'ADJUST'",
        );
        const direct = rows.filter((r) => r.reference_type === 'operator-adjust');
        if (direct.length !== moves.length)
          throw new Error(`${where}: ${direct.length} unapproved ledger rows, ${moves.length} commands answered 200`);
        const approved = new Map(
          (
            await sql<{ id: number; requested_by_id: number; decided_by_id: number }>(
              t,
              "select id, requested_by_id, decided_by_id from approval where status = 'APPROVED'",
            )
          ).map((a) => [String(a.id), a]),
        );
        for (const r of rows.filter((r) => r.reference_type !== 'operator-adjust')) {
          const approval = approved.get(r.reference_id);
          if (r.reference_type !== 'approval' || !approval || approval.decided_by_id === approval.requested_by_id)
            throw new Error(`${where}: ledger row ${JSON.stringify(r)} has no second operator's approval`);
        }
        const violations = await wallet.invariantViolations();
        if (violations.length > 0) throw new Error(`${where}: ${JSON.stringify(violations)}`);
      }
      // The next case starts on another day.
      clock.travel(DAY + 60_000);
    }
    console.log(
      `approval property (seed ${SEED}): ${CASES}×${STEPS} steps, ${moves.length} ran alone, ${held} held; ` +
        `worst operator day ${Math.max(...operators.map((o) => worstDay(moves.filter((m) => m.operatorId === o.id))))}`,
    );
  }, 600_000);
});
