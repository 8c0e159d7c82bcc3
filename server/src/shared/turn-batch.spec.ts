import { oncePerStatement, TurnBatches } from './turn-batch.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatches', () => {
  it('runs what one turn asked together on the next turn, by key', async () => {
    const runs: [string, number[]][] = [];
    const batches = new TurnBatches<string, number>(
      async (key, items) => void runs.push([key, items]),
      () => undefined,
    );
    batches.add('a', 1);
    batches.add('b', 2);
    batches.add('a', 3);
    expect(runs).toEqual([]);
    await nextTurn();
    await nextTurn();
    expect(runs).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
    batches.add('a', 4);
    await nextTurn();
    await nextTurn();
    expect(runs.at(-1)).toEqual(['a', [4]]);
  });

  it('fails every item of a run that throws or rejects', async () => {
    const failed: [number, string][] = [];
    const fail = (item: number, error: unknown) => failed.push([item, (error as Error).message]);
    const throwing = new TurnBatches<null, number>(() => {
      throw new Error('sync');
    }, fail);
    const rejecting = new TurnBatches<null, number>(() => Promise.reject(new Error('async')), fail);
    throwing.add(null, 1);
    throwing.add(null, 2);
    rejecting.add(null, 3);
    for (let i = 0; i < 4; i++) await nextTurn();
    expect(failed.sort()).toEqual([
      [1, 'sync'],
      [2, 'sync'],
      [3, 'async'],
    ]);
  });
});

describe('oncePerStatement', () => {
  it('puts a key once in a statement, its later items in later statements, at most max each', () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2', 'd1'];
    expect(oncePerStatement(items, (i) => i[0], 3)).toEqual([['a1', 'b1', 'c1'], ['a2', 'b2', 'd1'], ['a3']]);
    expect(oncePerStatement(items, (i) => i, 100)).toEqual([items]);
    expect(oncePerStatement([], (i) => i, 2)).toEqual([]);
  });
});
