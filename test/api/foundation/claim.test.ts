import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { Lease, lockDue, processDue, takeDue, type Take } from '../../../server/src/shared/index.js';
import { RegisterWhere } from '../../../server/src/modules/content/entities.js';

const LEASE = Lease.seconds(60);
const T0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

// The one claim primitive (shared/claim.ts) on real tables: its take (one UPDATE … SKIP LOCKED statement with a
// lease) and its lock (rows locked in a transaction, worked inside it) share one due selection.
describe('claim', () => {
  let t: TestApp;
  let db: pg.Client;
  const em = () => t.app.get(MikroORM).em.fork();
  const probes = async (where = 'true') =>
    (
      await db.query<{ id: number; taken_until: Date | null; taken_by: string | null }>(
        `select id, taken_until, taken_by from claim_probe where ${where} order by id`,
      )
    ).rows;
  /** Probe rows due at `due_at`, taken with a lease in `taken_until` and the claimer's name in `taken_by`. */
  const claim = (kind: string, limit: number, by: string): Take => ({
    table: 'claim_probe',
    due: 'kind = ? and due_at <= ?',
    params: [kind, T0],
    order: 'due_at, id',
    limit,
    lease: { column: 'taken_until', lease: LEASE, holds: 'until', free: 'ended-or-null' },
    set: 'taken_by = ?',
    setParams: [by],
  });
  const seed = (kind: string, dueAts: Date[]) =>
    db.query(
      `insert into claim_probe (kind, due_at) select $1, d from unnest($2::timestamptz[]) with ordinality u(d, n) order by n`,
      [kind, dueAts],
    );

  beforeAll(async () => {
    t = await startTestApp();
    db = new pg.Client({ connectionString: t.databaseUrl });
    await db.connect();
    await db.query(
      `create table claim_probe (id serial primary key, kind text not null, due_at timestamptz not null,
         taken_until timestamptz, taken_by text)`,
    );
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  it('take: two claimers at once get disjoint sets that cover every due row', async () => {
    await seed(
      'race',
      Array.from({ length: 60 }, (_, i) => at(-i * 1000)),
    );
    const taken = new Map<string, number[]>([
      ['a', []],
      ['b', []],
    ]);
    const claimer = async (name: string) => {
      for (;;) {
        const rows = await takeDue(em(), claim('race', 7, name), T0);
        if (rows.length === 0) return;
        taken.get(name)!.push(...rows.map((r) => r.id));
      }
    };
    await Promise.all([claimer('a'), claimer('b')]);
    const a = taken.get('a')!;
    const b = taken.get('b')!;
    expect(a.filter((id) => b.includes(id))).toEqual([]);
    expect(a.length + b.length).toBe(60);
    const rows = await probes(`kind = 'race'`);
    expect(rows.every((r) => r.taken_until?.getTime() === LEASE.endsAt(T0).getTime())).toBe(true);
    expect(rows.filter((r) => r.taken_by === 'a').map((r) => r.id)).toEqual([...a].sort((x, y) => x - y));
  });

  it('take skips rows another transaction holds, without waiting for it', async () => {
    await seed('held', [at(-3000), at(-2000), at(-1000)]);
    const [first] = await probes(`kind = 'held'`);
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from claim_probe where id = $1 for update', [first!.id]);
      const rows = await takeDue(em(), claim('held', 10, 'other'), T0);
      expect(rows.map((r) => r.id)).toEqual(expect.not.arrayContaining([first!.id]));
      expect(rows).toHaveLength(2);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    // Once let go, it is taken by the next claim.
    expect((await takeDue(em(), claim('held', 10, 'late'), T0)).map((r) => r.id)).toEqual([first!.id]);
  });

  it('take leaves rows that are not due untouched', async () => {
    await seed('future', [at(-1000), at(1), at(60_000)]);
    const rows = await takeDue(em(), claim('future', 10, 'now'), T0);
    expect(rows).toHaveLength(1);
    const after = await probes(`kind = 'future'`);
    expect(after.map((r) => r.taken_by)).toEqual(['now', null, null]);
    expect(after.slice(1).every((r) => r.taken_until === null)).toBe(true);
  });

  it('a live lease keeps a row from the next claim; an ended one lets it be taken again', async () => {
    await seed('lease', [at(-1000)]);
    expect(await takeDue(em(), claim('lease', 1, 'first'), T0)).toHaveLength(1);
    // Still inside the lease: nobody takes it.
    expect(await takeDue(em(), claim('lease', 1, 'second'), at(LEASE.ms - 1))).toEqual([]);
    expect((await probes(`kind = 'lease'`))[0]!.taken_by).toBe('first');
    // The lease has ended (its holder died mid-work): the next claim takes it, with a new lease.
    expect(await takeDue(em(), claim('lease', 1, 'second'), at(LEASE.ms))).toHaveLength(1);
    const [row] = await probes(`kind = 'lease'`);
    expect(row).toMatchObject({ taken_by: 'second', taken_until: LEASE.endsAt(at(LEASE.ms)) });
  });

  it('a lease that holds since when it was taken: free again once the lease has gone by', async () => {
    await seed('since', [at(-1000)]);
    const since: Take = {
      ...claim('since', 1, 'x'),
      lease: { column: 'taken_until', lease: LEASE, holds: 'since', free: 'ended-or-null' },
    };
    expect(await takeDue(em(), since, T0)).toHaveLength(1);
    expect((await probes(`kind = 'since'`))[0]!.taken_until).toEqual(T0);
    expect(await takeDue(em(), since, at(LEASE.ms - 1))).toEqual([]);
    expect(await takeDue(em(), since, at(LEASE.ms))).toHaveLength(1);
  });

  it('take holds the limit and the order: the earliest due first, the rest left for the next claim', async () => {
    // Inserted out of order: due_at decides, then id.
    await seed('order', [at(-1000), at(-5000), at(-3000), at(-5000), at(-2000)]);
    const ids = (await probes(`kind = 'order'`)).map((r) => r.id);
    const [i1000, i5000a, i3000, i5000b, i2000] = ids;
    const taken = await takeDue(em(), claim('order', 3, 'first'), T0);
    expect(taken.map((r) => r.id).sort((x, y) => x - y)).toEqual([i5000a!, i5000b!, i3000!].sort((x, y) => x - y));
    const rest = await takeDue(em(), claim('order', 3, 'second'), T0);
    expect(rest.map((r) => r.id).sort((x, y) => x - y)).toEqual([i2000!, i1000!].sort((x, y) => x - y));
  });

  it("lock: loads the due rows in the claim's order, at most the limit", async () => {
    const seedEm = em();
    for (const n of [3, 1, 5, 2, 4]) seedEm.persist(new RegisterWhere('ordered', n));
    seedEm.persist(new RegisterWhere('not due', 0));
    await seedEm.flush();
    const rows = await em().transactional((tx) =>
      lockDue(tx, RegisterWhere, { due: 'text = ?', params: ['ordered'], order: 'sort_order desc', limit: 4 }),
    );
    expect(rows.map((r) => r.sortOrder)).toEqual([5, 4, 3, 2]);
  });

  it('lock: hands each due row to exactly one of two concurrent runners, in order', async () => {
    const seedEm = em();
    for (let i = 0; i < 60; i++) seedEm.persist(new RegisterWhere('due', i));
    await seedEm.flush();
    const seen = new Map<number, string[]>();
    const order: number[] = [];
    const runner = async (name: string) => {
      for (;;) {
        const { handled } = await processDue(
          em(),
          RegisterWhere,
          { due: 'text = ?', params: ['due'], order: 'id', limit: 7 },
          async (_tx, row) => {
            seen.set(row.id, [...(seen.get(row.id) ?? []), name]);
            if (name === 'a') order.push(row.id);
            await new Promise((r) => setTimeout(r, 2));
            row.text = `done by ${name}`;
          },
        );
        if (handled === 0) return;
      }
    };
    await Promise.all([runner('a'), runner('b')]);
    expect(seen.size).toBe(60);
    expect([...seen.values()].every((runners) => runners.length === 1)).toBe(true);
    expect(await em().count(RegisterWhere, { text: { $like: 'done by %' } })).toBe(60);
    expect(new Set([...seen.values()].flat()).size).toBe(2);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('lock: rolls back only the row whose handler failed, and lets onError record it', async () => {
    const seedEm = em();
    const rows = [new RegisterWhere('retry', 1), new RegisterWhere('retry', 2), new RegisterWhere('retry', 3)];
    rows.forEach((r) => seedEm.persist(r));
    await seedEm.flush();
    const result = await processDue(
      em(),
      RegisterWhere,
      { due: 'text = ?', params: ['retry'], order: 'id', limit: 10 },
      async (_tx, row) => {
        row.text = 'ok';
        if (row.sortOrder === 2) throw new Error('upstream said no');
      },
      (_tx, row) => {
        row.text = 'failed';
      },
    );
    expect(result).toEqual({ handled: 2, failed: 1 });
    const after = await em().find(
      RegisterWhere,
      { id: { $in: rows.map((r) => r.id) } },
      { orderBy: { sortOrder: 'ASC' } },
    );
    expect(after.map((r) => r.text)).toEqual(['ok', 'failed', 'ok']);
  });
});
