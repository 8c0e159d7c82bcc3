import type { Response } from 'supertest';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember, type TestMember } from '../../support/members.js';
import { FakeProvider } from '../../support/fake-provider.js';
import { operatorWithRole } from '../../support/operators.js';
import { sql } from '../../support/identity.js';
import { memberUnitPrice, type MemberPricing, type OperatorRole } from '../../../server/src/contracts/index.js';
import { addProvider } from '../fulfilment/helpers.js';
import { createService, fund } from '../ordering/fixtures.js';
import { prng } from '../partners/prng.js';

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
const CASES = Number(process.env.PROPERTY_CASES ?? 3);
const STEPS = Number(process.env.PROPERTY_STEPS ?? 20);

const ROLES: readonly OperatorRole[] = ['OWNER', 'MANAGER', 'SUPPORT', 'ACCOUNTANT'];

/** Millionths of a won from a decimal string with up to 6 decimals ("2.5" → 2500000n). */
const millionths = (text: string): bigint => {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
};
/** A decimal with up to 6 decimals from millionths. */
const decimal = (value: bigint): string => {
  const fraction = (value % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${value / 1_000_000n}${fraction ? `.${fraction}` : ''}`;
};

/**
 * The price property: random sequences of operator price commands (custom rates, level creates and
 * edits, a member's level, price syncs with random upstream rates, applying or dismissing held changes) by the
 * four roles, against the loopback provider. After every step no member's price of any service (what the
 * storefront shows and an order charges) is below the service's upstream cost: no approval path exists, so
 * never. No command answers 5xx.
 */
describe('no member price below cost (property)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let providerId: number;
  const auth: Partial<Record<OperatorRole, string>> = {};
  const services: { id: number; upstream: number; rate: string }[] = [];
  const members: TestMember[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    fake = await FakeProvider.start({ services: [] });
    auth.OWNER = `Bearer ${await t.operatorToken()}`;
    for (const role of ROLES.slice(1)) auth[role] = (await operatorWithRole(t, role)).auth;
    providerId = await addProvider(t, fake, { name: '속성 공급사' });
    // Margins of 56 %, 10 % and 5 % over the rate; one KEEP_PRICE whose list stays while the cost moves.
    const made = [
      { point: '39', rate: '25000', priceRule: 'KEEP_MARKUP' as const },
      { point: '0.99', rate: '900', priceRule: 'KEEP_MARKUP' as const },
      { point: '0.4725', rate: '450', priceRule: 'KEEP_MARKUP' as const },
      { point: '2.5', rate: '900', priceRule: 'KEEP_PRICE' as const },
    ];
    for (const [i, s] of made.entries()) {
      const service = await createService(t, {
        point: s.point,
        providerRate: s.rate,
        priceRule: s.priceRule,
        providerId,
        providerServiceId: String(i + 1),
        min: 10,
        max: 100_000,
      });
      services.push({ id: service.id, upstream: i + 1, rate: s.rate });
    }
    listUpstream();
    for (let i = 0; i < 3; i++) {
      const member = await createMember(t);
      await fund(t, member.id, 100_000_000n);
      members.push(member);
    }
    process.stdout.write(`price property: seed ${SEED}, ${CASES} cases × ${STEPS} steps (PROPERTY_SEED to replay)\n`);
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  function listUpstream(): void {
    fake.services = services.map((s) => ({
      service: s.upstream,
      name: `Service ${s.upstream}`,
      type: 'Default',
      category: 'Instagram',
      rate: s.rate,
      min: '10',
      max: '100000',
    }));
  }

  /** Every service's list price and unit cost (millionths, rounded up) as stored now. */
  async function catalogue(): Promise<Map<number, { point: string; cost: bigint }>> {
    const rows = await sql<{ id: number; point: string; provider_rate: string }>(
      t,
      `select id, point::text, provider_rate::text from service where id in (?)`,
      [services.map((s) => s.id)],
    );
    return new Map(
      rows.map((r) => {
        // rate / 1000 × currency rate, here always 1: millionths of the rate / 1000, rounded up.
        const rate = millionths(r.provider_rate);
        return [r.id, { point: r.point, cost: (rate + 999n) / 1000n }];
      }),
    );
  }

  // How many (member, service) prices were checked against the cost, and against a list already below it.
  let atCost = 0;
  let belowList = 0;

  async function checkPrices(step: string): Promise<void> {
    const costs = await catalogue();
    for (const member of members) {
      const pricing = (
        await t.http.get('/api/service/prices').set('Authorization', `Bearer ${member.token}`).expect(200)
      ).body as MemberPricing;
      for (const [id, { point, cost }] of costs) {
        const price = millionths(memberUnitPrice(point, id, pricing));
        // A list price the sync left below cost (KEEP_PRICE after a rise) is the list: no member goes below it either.
        const list = millionths(point);
        const floor = list < cost ? list : cost;
        if (price < floor)
          throw new Error(
            `seed ${SEED}, after ${step}: member ${member.id} pays ${decimal(price)} for service ${id} costing ${decimal(cost)} (list ${point})`,
          );
        if (list >= cost) atCost++;
        else belowList++;
      }
    }
  }

  // What each kind of command was answered, for the summary line.
  const tally: Record<string, number> = {};
  const answered = (res: Response, step: string) => {
    if (res.status >= 500) throw new Error(`seed ${SEED}, ${step}: ${res.status} ${JSON.stringify(res.body)}`);
    const { req } = res as unknown as { req: { method: string; path: string } };
    const kind = `${req.method} ${req.path.replace(/\d+/g, ':id')} ${res.status}`;
    tally[kind] = (tally[kind] ?? 0) + 1;
    return res;
  };

  it('keeps every member price at or above cost, whoever commands what', async () => {
    const random = prng(SEED);
    const levelIds: number[] = [];
    const factors = ['0', '0.000001', '0.5', '0.99', '1', '1.01', '1.5', '3'];
    const rateMoves = ['0', '0.000001', '0.001', '0.4', '0.6', '0.8', '1', '1.2', '1.49', '1.6', '3'];
    let orders = 0;
    for (let c = 0; c < CASES; c++) {
      for (let s = 0; s < STEPS; s++) {
        const role = random.pick(ROLES);
        const as = auth[role]!;
        const member = random.pick(members);
        const service = random.pick(services);
        const command = random.int(7);
        let step = `case ${c} step ${s}: ${role} `;
        if (command === 0) {
          // A custom rate around the cost as it stands.
          const { cost } = (await catalogue()).get(service.id)!;
          const factor = random.pick(factors);
          const scaled = (cost * millionths(factor)) / 1_000_000n;
          const point = decimal(scaled > 0n ? scaled : 1n);
          step += `sets member ${member.id}'s rate of ${service.id} to ${point}`;
          answered(
            await t.http
              .put(`/api/admin/members/${member.id}/rates`)
              .set('Authorization', as)
              .send({ serviceId: service.id, point }),
            step,
          );
        } else if (command === 1) {
          const discount = random.pick(['0', '2', '4.5', '5', '10', '30', '60', '99.99', '100', '120']);
          step += `creates a level of ${discount} %`;
          const res = answered(
            await t.http
              .post('/api/admin/member-levels')
              .set('Authorization', as)
              .send({
                name: `속성 ${SEED} ${c}-${s}`,
                threshold: 900_000_000 + c * 1000 + s,
                discountPercent: discount,
              }),
            step,
          );
          if (res.status === 201) levelIds.push(res.body.id as number);
        } else if (command === 2 && levelIds.length > 0) {
          const level = random.pick(levelIds);
          const discount = random.pick(['1', '3', '4.7', '10', '40', '100']);
          step += `edits level ${level} to ${discount} %`;
          const current = await t.http.get(`/api/admin/member-levels/${level}`).set('Authorization', auth.OWNER!);
          answered(
            await t.http
              .put(`/api/admin/member-levels/${level}`)
              .set('Authorization', as)
              .send({ ...current.body, discountPercent: discount }),
            step,
          );
        } else if (command === 3) {
          const level = levelIds.length > 0 && random.int(4) > 0 ? random.pick(levelIds) : null;
          step += `sets member ${member.id}'s level to ${level}`;
          answered(
            await t.http.put(`/api/admin/members/${member.id}/level`).set('Authorization', as).send({ levelId: level }),
            step,
          );
        } else if (command === 4 || command === 2) {
          // The provider moves one rate (a glitch or a real move), then someone syncs.
          // A provider back from 0 lists a plain rate again.
          const from = /[1-9]/.test(service.rate) ? service.rate : '900';
          service.rate = decimal((millionths(from) * millionths(random.pick(rateMoves))) / 1_000_000n);
          listUpstream();
          step += `syncs with upstream rate ${service.rate} for service ${service.upstream}`;
          answered(await t.http.post(`/api/admin/providers/${providerId}/sync`).set('Authorization', as), step);
        } else if (command === 5) {
          const listed = await t.http
            .get('/api/admin/price-changes')
            .query({ filter: JSON.stringify({ kind: 'RATE' }), range: JSON.stringify([0, 999]) })
            .set('Authorization', auth.OWNER!)
            .expect(200);
          const open = (listed.body as { id: number; status?: string }[]).filter((p) => p.status === 'HELD');
          const held = open.length > 0 ? random.pick(open) : undefined;
          const verb = random.pick(['apply', 'dismiss']);
          step += `${verb}s held change ${held?.id ?? 'none'}`;
          if (held)
            answered(await t.http.post(`/api/admin/price-changes/${held.id}/${verb}`).set('Authorization', as), step);
        } else {
          // A member orders 1000: charged at least the cost of 1000 (the list's, where the list is below cost).
          const { cost: unitCost, point } = (await catalogue()).get(service.id)!;
          const cost = millionths(point) < unitCost ? millionths(point) : unitCost;
          step = `case ${c} step ${s}: member ${member.id} orders 1000 of ${service.id}`;
          const res = answered(
            await t.http
              .post('/api/service/order')
              .set('Authorization', `Bearer ${member.token}`)
              .send({ serviceId: service.id, link: `https://instagram.com/p/${c}-${s}`, amount: 1000 }),
            step,
          );
          if (res.status === 201) {
            orders++;
            if (BigInt(res.body.point as number) * 1_000_000n < cost * 1000n)
              throw new Error(
                `seed ${SEED}, ${step}: charged ${res.body.point} for a cost of ${decimal(cost * 1000n)}`,
              );
          }
        }
        await checkPrices(step);
      }
    }
    process.stdout.write(
      `price property: ${CASES * STEPS} steps, ${orders} orders; ${atCost} prices at or above cost, ` +
        `${belowList} at the list where the list was below cost\n` +
        Object.entries(tally)
          .sort()
          .map(([kind, n]) => `  ${kind}: ${n}\n`)
          .join(''),
    );
  }, 600_000);
});
