import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { createMember } from '../../support/members.js';
import {
  InsufficientPointsError,
  LedgerKind,
  WalletFacade,
  type PaidRows,
} from '../../../server/src/modules/wallet/index.js';

describe('wallet ledger', () => {
  let t: TestApp;
  let wallet: WalletFacade;
  let admin: string;
  const tx = <T>(fn: (em: import('@mikro-orm/postgresql').EntityManager) => Promise<T>) =>
    t.app.get(MikroORM).em.fork().transactional(fn);

  beforeAll(async () => {
    t = await startTestApp();
    wallet = t.app.get(WalletFacade);
    admin = `Bearer ${await t.operatorToken()}`;
  });
  afterAll(() => t.close());

  const charge = (memberId: number, amount: bigint, id: string | number) =>
    tx((em) => wallet.credit(em, { memberId, amount, kind: LedgerKind.CHARGE, reference: { type: 'charge', id } }));

  it('credits, debits and shows the balance in the profile', async () => {
    const m = await createMember(t);
    expect((await charge(m.id, 10_000n, 'a1')).balanceAfter).toBe(10_000n);
    const debit = await tx((em) =>
      wallet.debit(em, { memberId: m.id, amount: 2_500n, kind: LedgerKind.ORDER, reference: { type: 'order', id: 1 } }),
    );
    expect(debit.balanceAfter).toBe(7_500n);
    const profile = await t.http.get('/api/auth/profile').set('Authorization', `Bearer ${m.token}`).expect(200);
    expect(profile.body).toMatchObject({ id: m.loginId, point: 7500 });
  });

  it('reads many balances at once, zero for members without an account', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    await charge(a.id, 1_200n, 'h1');
    await charge(c.id, 300n, 'h2');
    expect(await wallet.balancesOf([a.id, b.id, c.id])).toEqual(
      new Map([
        [a.id, 1_200n],
        [b.id, 0n],
        [c.id, 300n],
      ]),
    );
    expect(await wallet.balancesOf([])).toEqual(new Map());
  });

  it('refuses a debit above the balance and changes nothing', async () => {
    const m = await createMember(t);
    await charge(m.id, 1_000n, 'b1');
    await expect(
      tx((em) =>
        wallet.debit(em, {
          memberId: m.id,
          amount: 1_001n,
          kind: LedgerKind.ORDER,
          reference: { type: 'order', id: 2 },
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await wallet.balanceOf(m.id)).toBe(1_000n);
    const ledger = await t.http
      .get('/api/admin/ledger-entries')
      .query({ filter: JSON.stringify({ memberId: m.id }) })
      .set('Authorization', admin)
      .expect(200);
    expect(ledger.body).toHaveLength(1);
  });

  it('refuses a debit from a member with no account', async () => {
    const m = await createMember(t);
    await expect(
      tx((em) =>
        wallet.debit(em, { memberId: m.id, amount: 1n, kind: LedgerKind.ORDER, reference: { type: 'order', id: 3 } }),
      ),
    ).rejects.toBeInstanceOf(InsufficientPointsError);
  });

  describe('paying for new rows (debitForNewRow)', () => {
    // A module's rows, inserted only from the takes wallet_take_points made; `label` must not be empty (a bad row).
    const THINGS: PaidRows = {
      async insertPaid(em, requests, now) {
        const rows = await em.execute<{ member_id: number; id: number; balance_after: string }[]>(
          `with requested as (
             select nextval('paid_thing_id_seq')::int as id, r.member_id, r.amount, r.kind, r.label
             from jsonb_to_recordset(?::jsonb) as r(member_id int, amount bigint, kind text, label text)
           ), taken as (
             select t.* from wallet_take_points(?::timestamptz, (select jsonb_agg(jsonb_build_object('member_id', member_id,
               'amount', amount, 'kind', kind, 'reference_type', 'thing', 'reference_id', id::text, 'memo', '물건 ' || id))
               from requested)) t
           ), paid as (
             insert into paid_thing (id, member_id, label)
             select q.id, q.member_id, q.label from taken t join requested q on q.id::text = t.reference_id returning id
           )
           select member_id, reference_id::int as id, balance_after from taken`,
          [
            JSON.stringify(
              requests.map((r) => ({
                member_id: r.memberId,
                amount: r.amount.toString(),
                kind: r.kind,
                label: r.row.label,
              })),
            ),
            now,
          ],
        );
        return rows.map((r) => ({ memberId: r.member_id, id: r.id, balanceAfter: BigInt(r.balance_after) }));
      },
    };
    const pay = (memberId: number, amount: bigint, label: string) =>
      wallet.debitForNewRow({ memberId, amount, kind: LedgerKind.ORDER }, THINGS, { label });
    const things = async (label: string) =>
      Number(
        (
          await t.app
            .get(MikroORM)
            .em.fork()
            .execute<{ n: string }[]>('select count(*) as n from paid_thing where label = ?', [label])
        )[0]!.n,
      );
    beforeAll(() =>
      t.app
        .get(MikroORM)
        .em.fork()
        .execute(
          `create table if not exists paid_thing (id serial primary key, member_id int not null, label text not null check (label <> ''))`,
        ),
    );

    it('inserts the row, debits and writes the ledger entry referencing the new id', async () => {
      const m = await createMember(t);
      await charge(m.id, 1_000n, 'p1');
      const paid = await pay(m.id, 400n, 'paid-a');
      expect(paid.balanceAfter).toBe(600n);
      expect(await things('paid-a')).toBe(1);
      const entry = await wallet.findEntry(LedgerKind.ORDER, { type: 'thing', id: paid.id });
      expect(entry).toMatchObject({ memberId: m.id, amount: -400n, balanceAfter: 600n, memo: `물건 ${paid.id}` });
      expect(await wallet.invariantViolations()).toEqual([]);
    });

    it('on a short balance inserts nothing and moves nothing', async () => {
      const m = await createMember(t);
      await charge(m.id, 399n, 'p2');
      await expect(pay(m.id, 400n, 'paid-b')).rejects.toBeInstanceOf(InsufficientPointsError);
      expect(await things('paid-b')).toBe(0);
      expect(await wallet.balancesOf([m.id])).toEqual(new Map([[m.id, 399n]]));
    });

    it('refuses a take that is not a positive whole amount, moving nothing', async () => {
      const m = await createMember(t);
      await charge(m.id, 10n, 'p3');
      const take = (amount: string) =>
        t.app
          .get(MikroORM)
          .em.fork()
          .execute('select * from wallet_take_points(now(), ?::jsonb)', [
            JSON.stringify([
              { member_id: m.id, amount: '1', kind: 'ORDER', reference_type: 'thing', reference_id: `p3-${amount}` },
              { member_id: m.id, amount, kind: 'ORDER', reference_type: 'thing', reference_id: `p3-${amount}-b` },
            ]),
          ]);
      await expect(take('0')).rejects.toMatchObject({ code: '22023' });
      await expect(take('-5')).rejects.toMatchObject({ code: '22023' });
      expect(await wallet.balanceOf(m.id)).toBe(10n);
      expect(await wallet.findEntry(LedgerKind.ORDER, { type: 'thing', id: 'p3-0' })).toBeNull();
    });

    it('pays for debits asked in one turn together, each with its own outcome', async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t)));
      await Promise.all(members.map((m, i) => charge(m.id, 1_000n, `turn-${i}`)));
      // Two debits of member 0 (its balance covers one), a short one for member 1, a bad row for member 2.
      const asked = [
        pay(members[0]!.id, 700n, 'turn'),
        pay(members[0]!.id, 700n, 'turn'),
        pay(members[1]!.id, 1_001n, 'turn'),
        pay(members[2]!.id, 100n, ''),
        ...members.slice(3).map((m) => pay(m.id, 250n, 'turn')),
      ];
      const outcomes = await Promise.allSettled(asked);
      const [first, second, short, bad, ...rest] = outcomes;
      expect([first, second].filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect([first, second].find((o) => o.status === 'rejected')).toMatchObject({
        reason: expect.any(InsufficientPointsError),
      });
      expect(short).toMatchObject({ status: 'rejected', reason: expect.any(InsufficientPointsError) });
      expect(bad).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ code: '23514' }) });
      expect(rest.map((o) => (o.status === 'fulfilled' ? o.value.balanceAfter : o.reason))).toEqual([750n, 750n, 750n]);
      expect(await things('turn')).toBe(4);
      expect(await wallet.balancesOf(members.map((m) => m.id))).toEqual(
        new Map(members.map((m, i) => [m.id, [300n, 1_000n, 1_000n, 750n, 750n, 750n][i]!])),
      );
      // Every row that went in has its ledger entry, and only those.
      const ids = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.id] : []));
      for (const id of ids)
        expect(await wallet.findEntry(LedgerKind.ORDER, { type: 'thing', id })).toMatchObject({ memo: `물건 ${id}` });
      expect(await wallet.invariantViolations()).toEqual([]);
    });

    it('takes exactly what a balance pays for from many debits at once, over several statements', async () => {
      const [m, other] = [await createMember(t), await createMember(t)];
      await charge(m.id, 37_000n, 'many-1');
      await charge(other.id, 1_000_000n, 'many-2');
      // 250 asked in one turn: one member's 100 go to a hundred statements, the other's 150 share them.
      const outcomes = await Promise.allSettled([
        ...Array.from({ length: 100 }, () => pay(m.id, 1_000n, 'many')),
        ...Array.from({ length: 150 }, () => pay(other.id, 10n, 'many')),
      ]);
      const paid = outcomes.filter((o) => o.status === 'fulfilled');
      expect(paid).toHaveLength(37 + 150);
      expect(await wallet.balancesOf([m.id, other.id])).toEqual(
        new Map([
          [m.id, 0n],
          [other.id, 1_000_000n - 1_500n],
        ]),
      );
      expect(await things('many')).toBe(187);
      // A member appears once per statement: 150 statements (each a transaction of its own), the first 100
      // carrying one debit of each member, and every row of a statement went in with its transaction.
      const transactions = await t.app
        .get(MikroORM)
        .em.fork()
        .execute<{ n: string }[]>(`select count(distinct xmin::text) as n from paid_thing where label = 'many'`);
      expect(transactions[0]!.n).toBe('150');
      expect(await wallet.invariantViolations()).toEqual([]);
    });
  });

  it('credits a reference at most once, sequentially and concurrently', async () => {
    const m = await createMember(t);
    expect((await charge(m.id, 5_000n, 'c1')).applied).toBe(true);
    expect(await charge(m.id, 5_000n, 'c1')).toEqual({ applied: false, balanceAfter: null });
    const racers = await Promise.allSettled(Array.from({ length: 8 }, () => charge(m.id, 700n, 'c2')));
    const applied = racers.filter((r) => r.status === 'fulfilled' && r.value.applied);
    expect(applied).toHaveLength(1);
    expect(await wallet.balanceOf(m.id)).toBe(5_700n);
  });

  it('lets exactly k of 100 concurrent debits through on a balance that pays for k, and the books balance', async () => {
    const m = await createMember(t);
    await charge(m.id, 37_000n, 'd1');
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        tx((em) =>
          wallet.debit(em, {
            memberId: m.id,
            amount: 1_000n,
            kind: LedgerKind.ORDER,
            reference: { type: 'order', id: `d-${i}` },
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(37);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientPointsError),
    ).toBe(true);
    expect(await wallet.balanceOf(m.id)).toBe(0n);
    expect(await wallet.invariantViolations()).toEqual([]);
  });

  it("rolls the movement back with the caller's transaction", async () => {
    const m = await createMember(t);
    await charge(m.id, 3_000n, 'e1');
    await expect(
      tx(async (em) => {
        await wallet.debit(em, {
          memberId: m.id,
          amount: 3_000n,
          kind: LedgerKind.ORDER,
          reference: { type: 'order', id: 'e-1' },
        });
        throw new Error('the order insert failed');
      }),
    ).rejects.toThrow('the order insert failed');
    expect(await wallet.balanceOf(m.id)).toBe(3_000n);
    expect(await wallet.findEntry(LedgerKind.ORDER, { type: 'order', id: 'e-1' })).toBeNull();
  });

  it('adjusts both ways with a reason, never below zero', async () => {
    const m = await createMember(t);
    await tx((em) => wallet.adjust(em, m.id, 2_000n, { type: 'adjustment', id: 'f1' }, '이벤트 지급'));
    await tx((em) => wallet.adjust(em, m.id, -500n, { type: 'adjustment', id: 'f2' }, '오지급 회수'));
    await expect(
      tx((em) => wallet.adjust(em, m.id, -5_000n, { type: 'adjustment', id: 'f3' }, '과회수')),
    ).rejects.toBeInstanceOf(InsufficientPointsError);
    expect(await wallet.balanceOf(m.id)).toBe(1_500n);
    expect((await wallet.findEntry(LedgerKind.ADJUST, { type: 'adjustment', id: 'f2' }))?.memo).toBe('오지급 회수');
  });

  it('shows operators the ledger with paging and the invariant, and refuses members', async () => {
    const res = await t.http
      .get('/api/admin/ledger-entries')
      .query({ sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([0, 1]) })
      .set('Authorization', admin)
      .expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.headers['content-range']).toMatch(/^ledger-entries 0-1\/\d+$/);
    const check = await t.http.get('/api/admin/wallet/invariant').set('Authorization', admin).expect(200);
    expect(check.body).toEqual({ ok: true, violations: [] });
    const m = await createMember(t);
    await t.http.get('/api/admin/ledger-entries').set('Authorization', `Bearer ${m.token}`).expect(401);
  });

  it('reports a tampered balance as a violation', async () => {
    const m = await createMember(t);
    await charge(m.id, 100n, 'g1');
    await t.app
      .get(MikroORM)
      .em.fork()
      .execute('update point_account set balance = balance + 1 where member_id = ?', [m.id]);
    expect(await wallet.invariantViolations()).toEqual([{ memberId: m.id, balance: '101', ledgerSum: '100' }]);
    await t.app
      .get(MikroORM)
      .em.fork()
      .execute('update point_account set balance = balance - 1 where member_id = ?', [m.id]);
  });
});
