import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { claimAndProcess } from '../../../server/src/shared/index.js';
import { RegisterWhere } from '../../../server/src/modules/content/entities.js';

// The shared claim mechanism, exercised on a plain table: two runners at once never take the same row.
describe('claimAndProcess', () => {
  let t: TestApp;
  const em = () => t.app.get(MikroORM).em.fork();
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('hands each due row to exactly one of two concurrent runners', async () => {
    const seed = em();
    for (let i = 0; i < 60; i++) seed.persist(new RegisterWhere('due', i));
    await seed.flush();
    const seen = new Map<number, string[]>();
    const runner = async (name: string) => {
      for (;;) {
        const { handled } = await claimAndProcess(
          em(),
          RegisterWhere,
          { where: { text: 'due' }, orderBy: { id: 'ASC' }, limit: 7 },
          async (_tx, row) => {
            seen.set(row.id, [...(seen.get(row.id) ?? []), name]);
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
  });

  it('rolls back only the row whose handler failed, and lets onError record it', async () => {
    const seed = em();
    const rows = [new RegisterWhere('retry', 1), new RegisterWhere('retry', 2), new RegisterWhere('retry', 3)];
    rows.forEach((r) => seed.persist(r));
    await seed.flush();
    const result = await claimAndProcess(
      em(),
      RegisterWhere,
      { where: { text: 'retry' }, limit: 10 },
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
